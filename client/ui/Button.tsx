import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Link, type LinkProps } from 'wouter';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

export function buttonClass({ variant = 'primary', size = 'md', fullWidth }: Look, extra?: string): string {
  return [styles.button, styles[variant], styles[size], fullWidth ? styles.full : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends Omit<AriaButtonProps, 'className'>, Look {
  className?: string;
}

export function Button({ variant, size, fullWidth, className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={buttonClass({ variant, size, fullWidth }, className)} />;
}

/** Navigation that looks like a button stays a link, so it can be opened in a new tab and is announced as a link. */
export function LinkButton({
  variant,
  size,
  fullWidth,
  className,
  ...props
}: LinkProps & Look & { className?: string }) {
  return <Link {...(props as LinkProps)} className={buttonClass({ variant, size, fullWidth }, className)} />;
}
