/**
 * The short install steps and the customer display's words, in the languages a customer can pick
 * on the display. Kept short on purpose: the full, per-device guide is the service's own page.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

type Words = {
  welcome: (store: string) => string;
  idleHint: string;
  offerHeading: string;
  validFor: (days: number) => string;
  quantity: (n: number) => string;
  installHeading: string;
  scanAny: string;
  scanIphone: string;
  steps: readonly string[];
  clearsAt: (time: string) => string;
  esimOf: (i: number, n: number) => string;
  thanks: string;
  thanksHint: string;
  /** After the practice mark (DEMO, TRAINING), which stays the same word in every language. */
  practiceHint: string;
  topupHeading: string;
  esimEnding: (tail: string) => string;
  topupDone: string;
  topupDoneHint: string;
  language: string;
};

export const WORDS: Record<Language, Words> = {
  en: {
    welcome: (store) => `Welcome to ${store}`,
    idleHint: 'Mobile data for your trip, ready in minutes — ask at the counter.',
    offerHeading: 'Your eSIM',
    validFor: (days) => `Valid for ${days} ${days === 1 ? 'day' : 'days'}`,
    quantity: (n) => `${n} eSIMs`,
    installHeading: 'Install your eSIM now',
    scanAny: 'Scan with your phone’s camera',
    scanIphone: 'iPhone with iOS 17.4 or later: scan this one to install in one tap',
    steps: [
      'Connect to Wi-Fi and keep this QR code in view.',
      'iPhone: Settings → Mobile Service → Add eSIM → Use QR Code. Android: Settings → Connections → SIM manager → Add eSIM.',
      'Scan the QR code and follow the prompts. Label it “Travel”.',
      'When you arrive: turn on the eSIM and Data Roaming for it.',
    ],
    clearsAt: (time) => `For your security this code disappears at ${time}.`,
    esimOf: (i, n) => `eSIM ${i} of ${n}`,
    thanks: 'Thank you!',
    thanksHint: 'Have a good trip.',
    practiceHint: 'practice only: this eSIM will not work on a phone',
    topupHeading: 'Top-up for your eSIM',
    esimEnding: (tail) => `eSIM ending in …${tail}`,
    topupDone: 'Your eSIM is topped up',
    topupDoneHint: 'The new data is ready to use. Have a good trip.',
    language: 'Language',
  },
  de: {
    welcome: (store) => `Willkommen bei ${store}`,
    idleHint: 'Mobile Daten für Ihre Reise, in Minuten bereit — fragen Sie an der Kasse.',
    offerHeading: 'Ihre eSIM',
    validFor: (days) => `Gültig für ${days} ${days === 1 ? 'Tag' : 'Tage'}`,
    quantity: (n) => `${n} eSIMs`,
    installHeading: 'Installieren Sie jetzt Ihre eSIM',
    scanAny: 'Mit der Kamera Ihres Telefons scannen',
    scanIphone: 'iPhone ab iOS 17.4: diesen Code scannen und mit einem Tipp installieren',
    steps: [
      'Mit dem WLAN verbinden und diesen QR-Code im Blick behalten.',
      'iPhone: Einstellungen → Mobilfunk → eSIM hinzufügen → QR-Code verwenden. Android: Einstellungen → Verbindungen → SIM-Manager → eSIM hinzufügen.',
      'QR-Code scannen und den Hinweisen folgen. Als „Reise“ benennen.',
      'Bei der Ankunft: die eSIM und Datenroaming dafür einschalten.',
    ],
    clearsAt: (time) => `Zu Ihrer Sicherheit verschwindet dieser Code um ${time}.`,
    esimOf: (i, n) => `eSIM ${i} von ${n}`,
    thanks: 'Vielen Dank!',
    thanksHint: 'Gute Reise.',
    practiceHint: 'nur zur Übung: diese eSIM funktioniert auf keinem Telefon',
    topupHeading: 'Aufladung für Ihre eSIM',
    esimEnding: (tail) => `eSIM mit der Endung …${tail}`,
    topupDone: 'Ihre eSIM ist aufgeladen',
    topupDoneHint: 'Das neue Datenvolumen ist sofort nutzbar. Gute Reise.',
    language: 'Sprache',
  },
  fr: {
    welcome: (store) => `Bienvenue chez ${store}`,
    idleHint: 'Des données mobiles pour votre voyage, prêtes en quelques minutes — renseignez-vous au comptoir.',
    offerHeading: 'Votre eSIM',
    validFor: (days) => `Valable ${days} ${days === 1 ? 'jour' : 'jours'}`,
    quantity: (n) => `${n} eSIM`,
    installHeading: 'Installez votre eSIM maintenant',
    scanAny: 'Scannez avec l’appareil photo de votre téléphone',
    scanIphone: 'iPhone avec iOS 17.4 ou plus : scannez celui-ci pour installer en un geste',
    steps: [
      'Connectez-vous au Wi-Fi et gardez ce code QR en vue.',
      'iPhone : Réglages → Données cellulaires → Ajouter une eSIM → Utiliser un code QR. Android : Paramètres → Connexions → Gestionnaire SIM → Ajouter une eSIM.',
      'Scannez le code QR et suivez les instructions. Nommez-la « Voyage ».',
      'À l’arrivée : activez l’eSIM et l’itinérance des données.',
    ],
    clearsAt: (time) => `Pour votre sécurité, ce code disparaît à ${time}.`,
    esimOf: (i, n) => `eSIM ${i} sur ${n}`,
    thanks: 'Merci !',
    thanksHint: 'Bon voyage.',
    practiceHint: 'exercice uniquement : cette eSIM ne fonctionne sur aucun téléphone',
    topupHeading: 'Recharge de votre eSIM',
    esimEnding: (tail) => `eSIM se terminant par …${tail}`,
    topupDone: 'Votre eSIM est rechargée',
    topupDoneHint: 'Les nouvelles données sont prêtes. Bon voyage.',
    language: 'Langue',
  },
  es: {
    welcome: (store) => `Bienvenido a ${store}`,
    idleHint: 'Datos móviles para su viaje, listos en minutos — pregunte en el mostrador.',
    offerHeading: 'Su eSIM',
    validFor: (days) => `Válida ${days} ${days === 1 ? 'día' : 'días'}`,
    quantity: (n) => `${n} eSIM`,
    installHeading: 'Instale su eSIM ahora',
    scanAny: 'Escanee con la cámara de su teléfono',
    scanIphone: 'iPhone con iOS 17.4 o posterior: escanee este para instalar con un toque',
    steps: [
      'Conéctese a una red Wi-Fi y mantenga este código QR a la vista.',
      'iPhone: Ajustes → Servicio móvil → Añadir eSIM → Usar código QR. Android: Ajustes → Conexiones → Administrador de SIM → Añadir eSIM.',
      'Escanee el código QR y siga las indicaciones. Llámela «Viaje».',
      'Al llegar: active la eSIM y la itinerancia de datos.',
    ],
    clearsAt: (time) => `Por su seguridad, este código desaparece a las ${time}.`,
    esimOf: (i, n) => `eSIM ${i} de ${n}`,
    thanks: '¡Gracias!',
    thanksHint: 'Buen viaje.',
    practiceHint: 'solo práctica: esta eSIM no funciona en ningún teléfono',
    topupHeading: 'Recarga para su eSIM',
    esimEnding: (tail) => `eSIM que termina en …${tail}`,
    topupDone: 'Su eSIM está recargada',
    topupDoneHint: 'Los nuevos datos ya están listos. Buen viaje.',
    language: 'Idioma',
  },
};
