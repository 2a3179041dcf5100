import { Trash2 } from 'lucide-react';
import { Button } from '../../ui/Button.js';

/** The trash button that ends a row of a campaign form's list (state rules, closing desks). */
export function RemoveRowButton({
  label,
  onRemove,
  isDisabled,
}: {
  label: string;
  onRemove: () => void;
  isDisabled: boolean;
}) {
  return (
    <Button variant="ghost" size="sm" aria-label={label} onPress={onRemove} isDisabled={isDisabled}>
      <Trash2 size={16} aria-hidden="true" />
    </Button>
  );
}
