import type { SeedStep } from '../feature.js';
import { findUserByEmail } from '../users/public.js';
import { castVote } from './library.js';
import { saveRebuttal } from './service.js';

/**
 * The sample rebuttals of the AI Rebuttals page; the last two answer what the talking leads (555-010-0008 and -0009)
 * say, so the demo's live rebuttals have an answer to show. Their rating is real: the demo agents' votes (`votedBy`),
 * cast through the same service as the page's vote button.
 */
const SAMPLE_REBUTTALS = [
  {
    objection: "It's too expensive.",
    campaign: 'hotel',
    category: 'Price',
    rebuttal:
      'I understand budget matters. Our group rates are negotiated directly with the hotels, so most teams pay less than booking on their own, and you get one contact for every change. Shall I put your last booking side by side with our quote?',
    phrases: [],
    votedBy: ['agent@demo.test', 'agent2@demo.test', 'agent3@demo.test', 'agent4@demo.test'],
  },
  {
    objection: 'We already have an agency for our ads.',
    campaign: 'adwords',
    category: 'Competition',
    rebuttal:
      "That's great, it means you already see the value of ads. A second opinion costs you nothing: our free audit usually finds spend that brings no customers. If your agency is doing everything right, the audit will confirm it.",
    phrases: [],
    votedBy: ['agent@demo.test', 'agent2@demo.test', 'agent3@demo.test'],
  },
  {
    objection: 'I need to think about it.',
    campaign: 'real-estate-egypt',
    category: 'Timing',
    rebuttal:
      'Of course, it is a big decision. What part would you like to think over: the location, the unit or the payment plan? If it is the plan, I can ask the developer about a longer installment period while the current price still holds.',
    phrases: [],
    votedBy: ['agent2@demo.test', 'agent3@demo.test'],
  },
  {
    objection: "I'm not interested.",
    campaign: 'solar',
    category: 'Interest',
    rebuttal:
      "That's fair, most people aren't until they see their own numbers. Can I ask what your electric bill was last month? If we can't cut it, I won't take more of your time.",
    phrases: [],
    votedBy: ['agent4@demo.test'],
  },
  {
    objection: 'Please take me off your list.',
    campaign: 'solar',
    category: 'Do not call',
    rebuttal:
      "Of course. I'm taking your number off our list right now and you won't hear from us again. Sorry for the interruption, have a good day.",
    phrases: [],
    votedBy: ['agent3@demo.test', 'agent4@demo.test'],
  },
];

export const rebuttalsSeedStep: SeedStep = {
  name: 'rebuttals',
  after: ['demo accounts'],
  async run(platform) {
    for (const { votedBy, ...rebuttal } of SAMPLE_REBUTTALS) {
      const id = await saveRebuttal(platform, rebuttal);
      for (const email of votedBy) {
        const voter = await findUserByEmail(platform.db, email);
        if (voter) await castVote(platform, voter, id, true);
      }
    }
  },
};
