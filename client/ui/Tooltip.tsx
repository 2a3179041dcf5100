import type { ComponentProps, ReactElement } from 'react';
import { Focusable, Tooltip as AriaTooltip, TooltipTrigger, type Placement } from 'react-aria-components';
import { TIMINGS } from '../../shared/constants.js';
import styles from './Tooltip.module.css';

interface WithTooltipProps {
  /** What the control does, for sighted users who only see its icon. */
  text: string;
  /** One focusable element: a react-aria control, or any element that forwards its ref and props (a link). */
  children: ReactElement;
  /** A react-aria control takes the trigger's props itself; anything else is wrapped in `Focusable` to get them. */
  isAriaControl?: boolean;
  isDisabled?: boolean;
  placement?: Placement;
}

/**
 * A tooltip after the spec's 700 ms hover delay (at once on keyboard focus), instead of the browser's `title`,
 * which keyboard users never see and which appears at the browser's own delay.
 */
export function WithTooltip({ text, children, isAriaControl, isDisabled, placement = 'right' }: WithTooltipProps) {
  return (
    <TooltipTrigger delay={TIMINGS.tooltipDelayMs} isDisabled={isDisabled}>
      {isAriaControl ? (
        children
      ) : (
        // Typed for DOM elements; a component that forwards its ref and props to one (wouter's Link) works alike.
        <Focusable>{children as ComponentProps<typeof Focusable>['children']}</Focusable>
      )}
      <AriaTooltip className={styles.tooltip} placement={placement} offset={8}>
        {text}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
