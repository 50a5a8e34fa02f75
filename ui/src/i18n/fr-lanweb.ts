// L’application web à une table en réseau (issue 32) : rejoindre la table qui l’a servie, et
// la vérification des tirages en rejouant la partie avec son propre moteur.
import { tableFr } from './page.js';
import type { lanWebWords } from './en-lanweb';

export const frLanWebWords: typeof lanWebWords = {
  homeJoinHere: 'Rejoindre la table ici',
  fairDrawDiffers: (draw: number): string => `rejouer la partie avec la graine révélée ne tire pas la tuile ${draw} telle que l’hôte l’a montrée ou enregistrée`,
  tableTurnTimer: tableFr.turnTimer,
};
