import type { SeedStep } from '../feature.js';
import { addScriptOnce, type NewScript } from './service.js';

/**
 * Scripts exist for hotel, adwords and real-estate-egypt only (spec 2); every other campaign shows
 * "No script available for this campaign." Figures come from the spec's campaign catalogue.
 */
export const DEMO_SCRIPTS: NewScript[] = [
  {
    campaign: 'hotel',
    order: 1,
    title: 'Cold Call Opener - Corporate Travel',
    category: 'Opening',
    type: 'call',
    content: `Hi {name}, this is {agent} with Commission Warriors Hotel Accommodation. Do you have 30 seconds?

We book hotel rooms for companies that send staff or guests to events and meetings. We negotiate group rates directly with the hotels, so you get better prices and one contact person for every booking.

Quick question: how many hotel nights does your team book in a typical month?

[If they book regularly]
Great. Would it help if I sent you a quote for your next trip so you can compare it with what you pay today?

[If they have an event coming up]
Tell me about the event: the date, how many attendees, how many rooms, and whether you need meeting rooms or catering. I'll come back with options within 24 hours.`,
  },
  {
    campaign: 'hotel',
    order: 2,
    title: 'Group Booking Follow-Up Email',
    category: 'Follow-up',
    type: 'email',
    content: `Subject: Your hotel options for {event}

Hi {name},

Thanks for your time today. As promised, here is a summary of what we discussed:
- Dates: {check-in} to {check-out}
- Guests: {guest count}, rooms needed: {rooms}
- Room types: {room-type split}
- Meeting rooms / catering: {details}

I am collecting rates from {preferred hotels} and will send you a side-by-side comparison by {date}.

If anything changes in the meantime, just reply to this email.

Best regards,
{agent}`,
  },
  {
    campaign: 'hotel',
    order: 3,
    title: 'Closing the Booking',
    category: 'Closing',
    type: 'follow-up',
    content: `Hi {name}, I'm calling about the hotel quote I sent on {date}. Did you have a chance to look at it?

[If yes]
Which option works best for your team? Rooms at these rates are limited, so I'd like to hold them for you today. I only need the guest names and a contact for the invoice.

[If they hesitate on price]
I understand. The rate already includes {included}. If we move the check-in by one day, I can ask the hotel for a lower rate. Shall I check?`,
  },
  {
    campaign: 'adwords',
    order: 1,
    title: 'Discovery Call - Google Ads Management',
    category: 'Opening',
    type: 'call',
    content: `Hi {name}, this is {agent} from Commission Warriors Adwords. I noticed {company} runs ads for "{keyword}". Are you managing those campaigns yourself?

We manage Google Ads for businesses like yours: keyword research, ad copy and weekly optimisation, so more of your budget turns into customers.

A few quick questions:
1. Which cities or areas do you want customers from?
2. What is your monthly ad budget today?
3. Who are your main competitors online?

Based on that, I can prepare a free audit of your account with three things you can improve this month. Does Thursday or Friday work for a 20-minute review?`,
  },
  {
    campaign: 'adwords',
    order: 2,
    title: 'Audit Follow-Up Email',
    category: 'Follow-up',
    type: 'email',
    content: `Subject: Your Google Ads audit for {company}

Hi {name},

Attached is the audit we talked about. The short version:
- Keyword groups: {keyword groups}
- Wasted spend we found: {amount} per month
- Suggested budget split across {target cities}: {budget allocation}

We invoice monthly and you can stop at any time. Shall we start with a 30-day trial on your top campaign?

Best,
{agent}`,
  },
  {
    campaign: 'real-estate-egypt',
    order: 1,
    title: 'Buyer Qualification Call',
    category: 'Opening',
    type: 'call',
    content: `Hi {name}, this is {agent} from Commission Warriors Real Estate Egypt. You asked about properties in {location}. Is now a good time?

To send you the right units, I have a few questions:
1. Are you looking for an apartment, a villa or a townhouse?
2. How many bedrooms and bathrooms do you need?
3. What budget range are you considering, and would you pay cash or in installments?
4. If installments: what down payment are you comfortable with?
5. When would you like to move in or receive the unit?

Thank you. I'll send you a shortlist from {interested projects} today, with payment plans for each.`,
  },
  {
    campaign: 'real-estate-egypt',
    order: 2,
    title: 'Site Visit Invitation',
    category: 'Follow-up',
    type: 'follow-up',
    content: `Hi {name}, it's {agent}. Did you have a chance to look at the units I sent?

The best way to decide is to see them in person. I can arrange a site visit this week at {project}, including the amenities ({amenities}) and the show apartment.

Would Saturday morning or Sunday afternoon suit you better? I'll send you the location and meet you at the sales office.`,
  },
  {
    campaign: 'real-estate-egypt',
    order: 3,
    title: 'Payment Plan Email',
    category: 'Closing',
    type: 'email',
    content: `Subject: Payment plan for {unit} at {project}

Dear {name},

Thank you for visiting {project}. Here is the payment plan for the unit you liked:
- Unit: {property type}, {bedrooms} bedrooms, {furnishing}
- Price: {price}
- Down payment: {down payment}
- Installments: {installments}

This price is held until {date}. To reserve the unit, reply to this email and I will prepare the reservation form.

Kind regards,
{agent}`,
  },
];

export const scriptsSeedStep: SeedStep = {
  name: 'scripts',
  async run(platform) {
    for (const script of DEMO_SCRIPTS) await addScriptOnce(platform, script);
  },
};
