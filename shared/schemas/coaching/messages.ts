/** The coaching feature's texts (the spec is silent on them: short, and saying what the user can do). */
export const coachingMessages = {
  refused: 'You can only listen to calls of your team (levels 1-3) or of campaigns you own.',
  noLiveCall: 'This agent is not on a call right now.',
  ownCall: 'You cannot listen to your own call.',
  unavailable: 'Listening in is not available with this phone service.',
  joinFailed: 'Could not join the call. Please try again.',
  sessionGone: 'You are no longer on this call.',
  offerMissing: 'Your browser sent no audio connection to join with. Reload the page and try again.',
} as const;
