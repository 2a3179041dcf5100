import { Button } from './Button.js';
import { EmptyState } from './EmptyState.js';

/** A list that could not be loaded ("Perks could not be loaded."), with the way to ask again. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <EmptyState title={title}>
      <Button variant="ghost" size="sm" onPress={onRetry}>
        Try again
      </Button>
    </EmptyState>
  );
}
