// Revenir à une table en réseau après la fermeture de l’application : la place et ce que
// l’hôte a montré du tirage restent gardés sur cet appareil jusqu’à la fin vérifiée de la partie.
import type { rejoinWords } from './en-rejoin';

export const frRejoinWords: typeof rejoinWords = {
  rejoinTitle: 'Revenir à la table',
  rejoinSeat: (room: string, address: string, name: string): string => `Salle ${room} à ${address} : votre place au nom de ${name} vous est gardée.`,
  rejoinWatch: (room: string, address: string): string => `Salle ${room} à ${address} : vous regardiez la partie.`,
  rejoinHelp: 'Cet appareil garde les engagements du tirage tels que l’hôte les a montrés la première fois : la vérification à la fin porte sur toute la partie.',
  rejoin: 'Revenir',
  rejoinForget: 'Oublier',
  rejoinForgetAsk: (room: string): string => `Oublier la table ${room} ? Cet appareil ne pourra plus y reprendre votre place, ni vérifier ses tirages.`,
};
