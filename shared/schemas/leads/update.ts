import { Type, type Static } from 'typebox';
import { ISO_DATE } from './lead.js';
import { LEAD_DISPOSITIONS } from '../../constants.js';

/**
 * `PATCH /api/leads/:id`: any of the fields. A disposition moves the stage (STAGE_FOR_DISPOSITION); `stage` only
 * accepts Proposal, which is set directly. `nextActionDate` is an ISO date (or null to clear it).
 */
export const LeadUpdateBody = Type.Object(
  {
    disposition: Type.Optional(Type.Enum(LEAD_DISPOSITIONS, { errorMessage: 'Please choose a lead status.' })),
    stage: Type.Optional(
      Type.Literal('Proposal', {
        errorMessage: 'Only the Proposal stage can be set directly; other stages follow the lead status.',
      }),
    ),
    notes: Type.Optional(Type.String({ maxLength: 5000 })),
    nextAction: Type.Optional(Type.String({ maxLength: 200 })),
    nextActionDate: Type.Optional(
      Type.Union([Type.String({ pattern: ISO_DATE }), Type.Null()], { errorMessage: 'Please enter a valid date.' }),
    ),
  },
  { additionalProperties: false, errorMessage: 'Nothing to change.' },
);
export type LeadUpdateBody = Static<typeof LeadUpdateBody>;
