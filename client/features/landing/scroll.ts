export const WAITLIST_SECTION_ID = 'waitlist';
export const CAMPAIGNS_SECTION_ID = 'campaigns';

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Every call to action on the landing page leads here; focus follows so keyboard users land in the form. */
export function scrollToWaitlist(): void {
  scrollToSection(WAITLIST_SECTION_ID);
  document.querySelector<HTMLInputElement>(`#${WAITLIST_SECTION_ID} input`)?.focus({ preventScroll: true });
}

export function scrollToSection(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
}
