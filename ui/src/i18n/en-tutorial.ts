// English words of the tutorial (issue 30, item 7): Home's entry, the step card, one
// sentence a step (what the learner's turn teaches), and the gentle refusals of a move off
// the script. Spread at the end of `en` (en.ts); fr-tutorial.ts has the same keys. The scores
// the sentences name are the engine's (crates/api/tests/tutorial.rs checks them).
import type { TutorialTopic } from '../bindings';

export const tutorialWords = {
  /** Home's button: start the tutorial, or take it up where it was left. */
  tutorialStart: 'Tutorial',
  tutorialResume: 'Resume the tutorial',
  /** The seats' names: the learner, and the scripted opponent. */
  tutorialLearner: 'Apprentice',
  tutorialOpponent: 'Tutor',
  /** The step card: its title, where the learner is, and the button that leaves (the game is kept). */
  tutorialTitle: 'Tutorial',
  tutorialStepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  tutorialLeave: 'Leave',
  tutorialLeaveLong: 'Leave the tutorial',
  /** One sentence a step; the ringed square and the marked spot show where. */
  tutorialStep: {
    placing: 'Tap the ringed square to put your tile there, so that its road carries on the road, then press Confirm.',
    rotating: 'Tap the ringed square, then turn the tile (R) until it lies as in the picture on this card, its city joining the city below, and confirm.',
    knight: 'Put the tile on the ringed square and a follower on the marked spot of its city: a follower in a city is a knight.',
    thief: 'Put the tile on the ringed square and a follower on the marked spot of its road: a follower on a road is a thief.',
    scoring: 'This tile closes your city: 4 tiles at 2 points give your knight 8 points, and he comes back to you.',
    monk: 'Put the monastery on the ringed square with a follower on it, a monk: it scores 1 point for itself and for each tile around it.',
    farmer: 'Put the tile on the ringed square and a follower lying in its field: a farmer stays to the end and scores 3 points for each closed city next to his field.',
    end: 'Put the last tile on the ringed square: the game then ends, and the unfinished road, the monastery and the field score.',
  } as Record<TutorialTopic, string>,
  /** A move off the script, refused (nothing is played). */
  tutorialWrongCell: 'Not there: put the tile on the ringed square.',
  tutorialWrongRotation: 'Turn the tile (R) until it lies as in the picture on this card.',
  tutorialWrongFollower: 'Put your follower on the marked spot of the tile.',
  tutorialNoFollower: 'No follower this time: tap the chosen follower again to take it back.',
};
