import { RefreshCw } from 'lucide-react';
import { DialerRuleMessages } from '../../../shared/schemas/dialer/messages.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { connectPhone } from './actions.js';
import { MICROPHONE_BLOCKED } from './microphone.js';
import { useDialer } from './store.js';
import styles from './Dialer.module.css';

/**
 * The phone session's state beside the panel's title, most pressing first: a failed session with its Reconnect, an
 * unreachable gateway, a blocked microphone (WebRTC), then connected, unavailable or still connecting.
 */
export function PhoneStatus() {
  const dialer = useDialer();
  const provider = dialer.phone?.provider ?? 'Zoom Phone';
  const phoneStatus = dialer.phone?.status;
  const connected = phoneStatus === 'connected';
  return (
    <div className={styles.row} role="status" aria-label={`${provider} status`}>
      {phoneStatus === 'failed' ? (
        <>
          <Badge tone="grey">Not connected</Badge>
          <Button size="sm" variant="secondary" onPress={() => void connectPhone()} isPending={dialer.busy.connect}>
            <RefreshCw size={14} aria-hidden="true" /> Reconnect
          </Button>
        </>
      ) : connected && dialer.phone?.gateway === 'unreachable' ? (
        <Badge tone="yellow">{DialerRuleMessages.gatewayUnreachable}</Badge>
      ) : connected && dialer.microphoneBlocked && dialer.phone?.media === 'webrtc' ? (
        <Badge tone="yellow">{MICROPHONE_BLOCKED}</Badge>
      ) : connected ? (
        <Badge tone="green">Connected</Badge>
      ) : dialer.status === 'failed' ? (
        <Badge tone="grey">Unavailable</Badge>
      ) : (
        <Badge tone="yellow">Connecting...</Badge>
      )}
    </div>
  );
}
