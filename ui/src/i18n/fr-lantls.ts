// Une table hébergée en TLS depuis l’application, pour des amis qui la rejoignent par internet.
import type { lanTlsWords } from './en-lantls';

export const frLanTlsWords: typeof lanTlsWords = {
  lanTlsTitle: 'Par internet (TLS)',
  lanTlsHelp: 'Pour des amis ailleurs : la table est servie en https avec votre certificat et votre clé (fichiers PEM). Elle n’est pas annoncée sur le réseau local ; envoyez son lien, qui nomme le certificat.',
  lanTlsCert: 'Fichier du certificat',
  lanTlsKey: 'Fichier de la clé privée',
  lanTlsChoose: 'Choisir…',
  lanTlsPemFiles: 'Fichiers PEM',
  lanTlsBoth: 'Donnez le certificat et sa clé, ou aucun des deux.',
  lanTlsFingerprint: 'Empreinte du certificat (SHA-256) :',
  lanTlsShared: 'En TLS : pas annoncée sur le réseau. Envoyez le lien ci-dessus à vos amis ; il nomme le certificat.',
};
