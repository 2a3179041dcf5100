import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import styles from './Resources.module.css';

interface ConfirmDeleteProps<T> {
  title: string;
  /** What is about to be deleted; the dialog is open while it is set. */
  item: T | null;
  message: (item: T) => string;
  onCancel: () => void;
  onConfirm: (item: T) => void;
}

/** Asks before a shared resource (a material, a voice note) is deleted for everyone. */
export function ConfirmDelete<T>({ title, item, message, onCancel, onConfirm }: ConfirmDeleteProps<T>) {
  return (
    <Dialog title={title} isOpen={item !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <p>{item ? message(item) : null}</p>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onPress={() => item && onConfirm(item)}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
