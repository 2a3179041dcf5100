import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { TIMINGS } from '../../../shared/constants.js';
import { closeToasts, errorToast, toast } from '../../ui/toast.js';
import { signOut, takeWelcome } from './actions.js';
import { useSession } from './store.js';

/**
 * The dashboard's access check (spec: "Access state"): with ACCESS_MODE=waitlist the server may deny a
 * signed-in user; they are told so and sent to /login after 2 s. The welcome greets a sign-in only. The session is ended first, otherwise
 * /login would send them straight back here.
 */
export function useDashboardAccess(): 'pending' | 'granted' | 'denied' {
  const { access } = useSession();
  const [, navigate] = useLocation();
  const announced = useRef(false);

  useEffect(() => {
    if (!access) return;
    if (!announced.current) {
      announced.current = true;
      if (access === 'granted') {
        if (takeWelcome()) toast({ title: 'Welcome to your Dashboard!', variant: 'success' });
      } else {
        // The sign-in did succeed, but "Login successful!" beside "Access Denied" contradicts it.
        closeToasts('Login successful!');
        errorToast('Access Denied', 'This is a demo. Please join the waitlist to get access.');
      }
    }
    if (access !== 'denied') return;
    const timer = setTimeout(() => {
      void signOut({ announce: false }).then(() => navigate('/login'));
    }, TIMINGS.accessDeniedRedirectMs);
    return () => clearTimeout(timer);
  }, [access, navigate]);

  return access ?? 'pending';
}
