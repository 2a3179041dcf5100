import { X } from 'lucide-react';
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import { toastQueue } from './toast.js';
import styles from './Toast.module.css';

export function ToastRegion() {
  return (
    <AriaToastRegion queue={toastQueue} className={styles.region}>
      {({ toast }) => (
        <Toast toast={toast} className={[styles.toast, styles[toast.content.variant ?? 'default']].join(' ')}>
          <ToastContent className={styles.content} role={toast.content.announce}>
            <Text slot="title" className={styles.title}>
              {toast.content.title}
            </Text>
            {toast.content.description ? (
              <Text slot="description" className={styles.description}>
                {toast.content.description}
              </Text>
            ) : null}
          </ToastContent>
          <AriaButton slot="close" className={styles.close} aria-label="Close">
            <X size={16} aria-hidden="true" />
          </AriaButton>
        </Toast>
      )}
    </AriaToastRegion>
  );
}
