import { Type, type Static } from 'typebox';
import { TRANSFER_MODES } from './transfer.js';

/**
 * Transfer to one of the campaign's closing desks (an outside number the owner configured): docs/telephony.md,
 * "Transfer to a closing desk". Warm: the desk answers and the three talk until "Complete transfer"; blind: the
 * opener leaves as soon as the desk answers.
 */
export const DeskTransferBody = Type.Object(
  {
    deskId: Type.String({ pattern: '^[0-9a-f]{16}$', errorMessage: 'Pick one of the closing desks.' }),
    mode: Type.Enum(TRANSFER_MODES, { errorMessage: 'The transfer is either warm or blind.' }),
  },
  { additionalProperties: false },
);
export type DeskTransferBody = Static<typeof DeskTransferBody>;

/**
 * Where the opener's desk transfer stands: the answer of both routes, and `transfer:desk` when the desk hangs up
 * before the transfer is complete.
 */
export const DeskTransferView = Type.Object({
  callId: Type.String(),
  desk: Type.Object({ id: Type.String(), name: Type.String() }),
  mode: Type.Enum(TRANSFER_MODES),
  /**
   * conference: the desk is on the call with the opener and the lead; completed: the opener left; hung-up: the desk
   * hung up before the transfer was complete, and the lead is still with the opener.
   */
  state: Type.Union([Type.Literal('conference'), Type.Literal('completed'), Type.Literal('hung-up')]),
  message: Type.String(),
});
export type DeskTransferView = Static<typeof DeskTransferView>;
