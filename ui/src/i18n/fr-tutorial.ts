// Les mots du tutoriel (issue 30, point 7), en français : les mêmes clés que en-tutorial.ts,
// dans le vocabulaire des règles françaises (tuile, partisan, chevalier, brigand, moine,
// abbaye, paysan, pré, ville, route).
import type { TutorialTopic } from '../bindings';
import type { tutorialWords } from './en-tutorial';

export const frTutorialWords: typeof tutorialWords = {
  tutorialStart: 'Tutoriel',
  tutorialResume: 'Reprendre le tutoriel',
  tutorialLearner: 'Apprenti',
  tutorialOpponent: 'Guide',
  tutorialTitle: 'Tutoriel',
  tutorialStepOf: (n: number, total: number) => `Étape ${n} sur ${total}`,
  tutorialLeave: 'Quitter',
  tutorialLeaveLong: 'Quitter le tutoriel',
  tutorialStep: {
    placing: 'Touchez la case entourée pour y poser votre tuile, de sorte que sa route prolonge la route, puis validez.',
    rotating: 'Touchez la case entourée, puis tournez la tuile (R) jusqu’à ce qu’elle soit comme sur l’image de cette carte, sa ville rejoignant la ville du dessous, et validez.',
    knight: 'Posez la tuile sur la case entourée et un partisan sur l’emplacement marqué de sa ville : un partisan dans une ville est un chevalier.',
    thief: 'Posez la tuile sur la case entourée et un partisan sur l’emplacement marqué de sa route : un partisan sur une route est un brigand.',
    scoring: 'Cette tuile ferme votre ville : 4 tuiles à 2 points donnent 8 points à votre chevalier, qui vous revient.',
    monk: 'Posez l’abbaye sur la case entourée avec un partisan dessus, un moine : elle rapporte 1 point pour elle et pour chaque tuile autour.',
    farmer: 'Posez la tuile sur la case entourée et couchez un partisan dans son pré : un paysan reste jusqu’à la fin et rapporte 3 points par ville fermée qui touche son pré.',
    end: 'Posez la dernière tuile sur la case entourée : la partie s’arrête, et la route inachevée, l’abbaye et le pré rapportent leurs points.',
  } as Record<TutorialTopic, string>,
  tutorialWrongCell: 'Pas ici : posez la tuile sur la case entourée.',
  tutorialWrongRotation: 'Tournez la tuile (R) jusqu’à ce qu’elle soit comme sur l’image de cette carte.',
  tutorialWrongFollower: 'Posez votre partisan sur l’emplacement marqué de la tuile.',
  tutorialNoFollower: 'Pas de partisan cette fois : touchez de nouveau le partisan choisi pour le reprendre.',
};
