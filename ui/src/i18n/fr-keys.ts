// Les mots de l'aide du clavier (issue 33, point 6) : chaque touche de l'écran de jeu et ce
// qu'elle fait. Mêmes clés que en-keys.ts, étalées à la fin de `fr` (fr.ts).

export const frKeyWords = {
  keysTitle: 'Clavier',
  keysOpen: 'Touches (?)',
  keysNote: 'Toute partie se joue avec ces seules touches ; Tab et Maj+Tab parcourent tous les boutons, Entrée ou Espace appuie sur celui qui a le focus.',
  keysKey: 'Touche',
  keysAction: 'Ce qu’elle fait',
  keysList: [
    ['N / Maj+N', 'Case légale suivante / précédente (le plateau la suit, la tuile s’y montre)'],
    ['Flèches', 'Sur une case légale, un emplacement de partisan ou un choix : le suivant dans cette direction ; ailleurs : déplacer le plateau'],
    ['Entrée / Espace', 'Sur une case légale : y poser la tuile ; sur un bouton : appuyer dessus'],
    ['R / Espace', 'Tourner la tuile'],
    ['1 – 9, 0', 'Les choix sous le plateau, par leur numéro : un partisan, aucun partisan, le comte, la Ville, une évasion, le rappel de l’abbé'],
    ['K', 'Sorte de partisan suivante (meeple, grand meeple, abbé)'],
    ['Entrée', 'Valider la tuile et son partisan ; en fin de partie : les résultats'],
    ['Échap / Retour arrière', 'Reprendre la tuile ; fermer un panneau ou une fenêtre'],
    ['Ctrl+Z', 'Annuler le dernier tour (là où c’est permis)'],
    ['+ / −', 'Zoomer / dézoomer'],
    ['C', 'Centrer sur la dernière tuile'],
    ['F', 'Tout le plateau'],
    ['V', 'Vue des prés'],
    ['Tab / Maj+Tab', 'Chaque bouton et chaque case, l’un après l’autre'],
    ['?', 'Cette aide'],
  ] as [string, string][],
};
