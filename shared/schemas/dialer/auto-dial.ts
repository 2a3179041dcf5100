import { Type, type Static } from 'typebox';

/** `PUT /api/dialer/auto-dial`. Answers the QueueView plus the toast text. */
export const AutoDialBody = Type.Object({ enabled: Type.Boolean() });
export type AutoDialBody = Static<typeof AutoDialBody>;
