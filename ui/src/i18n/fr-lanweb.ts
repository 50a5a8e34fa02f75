// L’application web à une table en réseau (issue 32) : rejoindre la table qui l’a servie, et
// la vérification des tirages en rejouant la partie avec son propre moteur.
import type { lanWebWords } from './en-lanweb';

export const frLanWebWords: typeof lanWebWords = {
  homeJoinHere: 'Rejoindre la table ici',
  fairDrawDiffers: (draw: number): string => `rejouer la partie avec la graine révélée ne tire pas la tuile ${draw} telle que l’hôte l’a montrée ou enregistrée`,
  tableTurnTimer: (seconds: number | null): string =>
    seconds === null || seconds <= 0
      ? 'Minuteur de tour : aucun'
      : seconds % 60 === 0
        ? `Minuteur de tour : ${seconds / 60} ${seconds === 60 ? 'minute' : 'minutes'}`
        : `Minuteur de tour : ${seconds} ${seconds === 1 ? 'seconde' : 'secondes'}`,
};
