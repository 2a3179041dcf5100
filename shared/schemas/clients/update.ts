import { Type, type Static } from 'typebox';
import { ISO_DATE } from '../leads/lead.js';
import { LEAD_STAGES } from '../../constants.js';
import { CLIENT_STATUSES } from './client.js';

/** `PATCH /api/clients/:id`: progress 0-100, stage, status, next action and its date (ISO, or null to clear). */
export const ClientUpdateBody = Type.Object(
  {
    progress: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 100, errorMessage: 'Progress must be a whole number from 0 to 100.' }),
    ),
    stage: Type.Optional(Type.Enum(LEAD_STAGES, { errorMessage: 'Please choose a stage.' })),
    status: Type.Optional(Type.Enum(CLIENT_STATUSES, { errorMessage: 'Please choose a status.' })),
    nextAction: Type.Optional(Type.String({ maxLength: 200 })),
    nextActionDate: Type.Optional(
      Type.Union([Type.String({ pattern: ISO_DATE }), Type.Null()], { errorMessage: 'Please enter a valid date.' }),
    ),
  },
  { additionalProperties: false, errorMessage: 'Nothing to change.' },
);
export type ClientUpdateBody = Static<typeof ClientUpdateBody>;
