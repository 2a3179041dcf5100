import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button as AriaButton, Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import styles from './Dialog.module.css';

export interface DialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  wide?: boolean;
}

/** A modal dialog with a heading and a close button; Escape and a click outside close it. */
export function Dialog({ title, isOpen, onOpenChange, children, wide }: DialogProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className={styles.overlay}>
      <Modal className={[styles.modal, wide ? styles.wide : ''].join(' ')}>
        <AriaDialog className={styles.dialog}>
          <div className={styles.head}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
            <AriaButton slot="close" className={styles.close} aria-label="Close">
              <X size={18} aria-hidden="true" />
            </AriaButton>
          </div>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
