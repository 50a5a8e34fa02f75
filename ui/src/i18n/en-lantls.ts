// A table hosted over TLS from the app, for friends joining over the internet.
export const lanTlsWords = {
  lanTlsTitle: 'Over the internet (TLS)',
  lanTlsHelp: "For friends elsewhere: the table is served over https with your certificate and key (PEM files). It is not announced on the local network; send its link, which names the certificate.",
  lanTlsCert: 'Certificate file',
  lanTlsKey: 'Private key file',
  lanTlsChoose: 'Choose…',
  lanTlsPemFiles: 'PEM files',
  lanTlsBoth: 'Give both the certificate and its key, or neither.',
  lanTlsFingerprint: 'Certificate fingerprint (SHA-256):',
  lanTlsShared: 'Over TLS: not announced on the network. Send the link above to your friends; it names the certificate.',
};
