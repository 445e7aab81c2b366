// Installation steps per language. Placeholders: {lpa}, {code}, {apn}.
export type StepSet = {
  qrIos: string[];
  manualIos: string[];
  networkIos: string[];
  qrAndroid: string[];
  manualAndroid: string[];
  networkAndroid: string[];
};

export const INSTRUCTIONS: Readonly<Record<string, StepSet>> = {
  en: {
    qrIos: [
      'Go to Settings > Cellular/Mobile > Add Cellular/Mobile Plan.',
      'Scan the QR code.',
      'Tap "Continue" twice and wait for a while. Your eSIM will connect to the network, this may take a few minutes, then tap "Done".',
      'Choose a label for your new eSIM plan.',
      'Choose "Primary" for your default line, then tap "Continue".',
      'Choose the "Primary" you want to use with iMessage and FaceTime for your Apple ID, then tap "Continue".',
      'Choose your new eSIM plan for cellular/mobile data, then tap "Continue".',
    ],
    manualIos: [
      'Go to Settings > Cellular/Mobile > Add Cellular/Mobile Plan.',
      'Tap "Enter Details Manually".',
      'Enter your SM-DP+ Address: {lpa} and Activation Code: {code}.',
      'Tap "Next" and wait for the eSIM to be added, then tap "Done".',
    ],
    networkIos: [
      'Select your eSIM under "Cellular Plans".',
      'Ensure that "Turn On This Line" is toggled on.',
      'Go to "Network Selection" and select the supported network.',
      'Turn on "Data Roaming".',
      'APN: {apn}.',
    ],
    qrAndroid: [
      'Go to Settings > Connections > SIM card manager.',
      'Tap "Add mobile plan".',
      'Tap "Scan carrier QR code" and tap "Add".',
      'When the plan has been registered, tap "Ok" to turn on a new mobile plan.',
    ],
    manualAndroid: [
      'Go to Settings > Connections > SIM card manager.',
      'Tap "Add mobile plan" > "Scan carrier QR code" > "Enter code instead".',
      'Enter the activation code: LPA:1${lpa}${code}.',
      'Tap "Connect" and then "Ok".',
    ],
    networkAndroid: [
      'In "SIM card manager" select your eSIM for mobile data.',
      'Go to Connections > Mobile networks and turn on "Data roaming".',
      'Go to "Access Point Names" and set the APN: {apn}.',
      'Go to "Network operators" and select the supported network.',
    ],
  },
  de: {
    qrIos: [
      'Gehe zu Einstellungen > Mobilfunk > Mobilfunktarif hinzufügen.',
      'Scanne den QR-Code.',
      'Tippe zweimal auf „Fortfahren“ und warte, bis sich die eSIM mit dem Netz verbindet. Tippe dann auf „Fertig“.',
      'Wähle eine Bezeichnung für deinen neuen eSIM-Tarif.',
      'Wähle „Primär“ als Standardleitung und tippe auf „Fortfahren“.',
      'Wähle die Leitung für iMessage und FaceTime und tippe auf „Fortfahren“.',
      'Wähle deinen neuen eSIM-Tarif für mobile Daten und tippe auf „Fortfahren“.',
    ],
    manualIos: [
      'Gehe zu Einstellungen > Mobilfunk > Mobilfunktarif hinzufügen.',
      'Tippe auf „Details manuell eingeben“.',
      'Gib die SM-DP+-Adresse {lpa} und den Aktivierungscode {code} ein.',
      'Tippe auf „Weiter“, warte, bis die eSIM hinzugefügt ist, und tippe auf „Fertig“.',
    ],
    networkIos: [
      'Wähle deine eSIM unter „Mobilfunktarife“.',
      'Stelle sicher, dass „Diese Leitung aktivieren“ eingeschaltet ist.',
      'Wähle unter „Netzauswahl“ das unterstützte Netz.',
      'Schalte „Datenroaming“ ein.',
      'APN: {apn}.',
    ],
    qrAndroid: [
      'Gehe zu Einstellungen > Verbindungen > SIM-Kartenverwaltung.',
      'Tippe auf „Mobilfunktarif hinzufügen“.',
      'Tippe auf „QR-Code des Netzbetreibers scannen“ und dann auf „Hinzufügen“.',
      'Tippe nach der Registrierung auf „OK“, um den Tarif zu aktivieren.',
    ],
    manualAndroid: [
      'Gehe zu Einstellungen > Verbindungen > SIM-Kartenverwaltung.',
      'Tippe auf „Mobilfunktarif hinzufügen“ > „QR-Code scannen“ > „Code stattdessen eingeben“.',
      'Gib den Aktivierungscode ein: LPA:1${lpa}${code}.',
      'Tippe auf „Verbinden“ und dann auf „OK“.',
    ],
    networkAndroid: [
      'Wähle in der SIM-Kartenverwaltung deine eSIM für mobile Daten.',
      'Schalte unter Verbindungen > Mobile Netzwerke „Datenroaming“ ein.',
      'Setze unter „Zugangspunkte“ den APN: {apn}.',
      'Wähle unter „Netzbetreiber“ das unterstützte Netz.',
    ],
  },
  fr: {
    qrIos: [
      'Allez dans Réglages > Données cellulaires > Ajouter un forfait cellulaire.',
      'Scannez le code QR.',
      'Touchez « Continuer » deux fois et patientez pendant la connexion de l’eSIM au réseau, puis touchez « OK ».',
      'Choisissez un libellé pour votre nouveau forfait eSIM.',
      'Choisissez « Principal » comme ligne par défaut, puis touchez « Continuer ».',
      'Choisissez la ligne à utiliser avec iMessage et FaceTime, puis touchez « Continuer ».',
      'Choisissez votre nouveau forfait eSIM pour les données cellulaires, puis touchez « Continuer ».',
    ],
    manualIos: [
      'Allez dans Réglages > Données cellulaires > Ajouter un forfait cellulaire.',
      'Touchez « Saisir les informations manuellement ».',
      'Saisissez l’adresse SM-DP+ {lpa} et le code d’activation {code}.',
      'Touchez « Suivant », attendez l’ajout de l’eSIM, puis touchez « OK ».',
    ],
    networkIos: [
      'Sélectionnez votre eSIM dans « Forfaits cellulaires ».',
      'Vérifiez que « Activer cette ligne » est activé.',
      'Dans « Sélection du réseau », choisissez le réseau pris en charge.',
      'Activez « Itinérance des données ».',
      'APN : {apn}.',
    ],
    qrAndroid: [
      'Allez dans Paramètres > Connexions > Gestionnaire de cartes SIM.',
      'Touchez « Ajouter un forfait mobile ».',
      'Touchez « Scanner le code QR de l’opérateur », puis « Ajouter ».',
      'Une fois le forfait enregistré, touchez « OK » pour l’activer.',
    ],
    manualAndroid: [
      'Allez dans Paramètres > Connexions > Gestionnaire de cartes SIM.',
      'Touchez « Ajouter un forfait mobile » > « Scanner le code QR » > « Saisir le code ».',
      'Saisissez le code d’activation : LPA:1${lpa}${code}.',
      'Touchez « Connecter », puis « OK ».',
    ],
    networkAndroid: [
      'Dans le gestionnaire de cartes SIM, choisissez votre eSIM pour les données mobiles.',
      'Dans Connexions > Réseaux mobiles, activez « Itinérance des données ».',
      'Dans « Noms des points d’accès », définissez l’APN : {apn}.',
      'Dans « Opérateurs réseau », choisissez le réseau pris en charge.',
    ],
  },
  es: {
    qrIos: [
      'Ve a Ajustes > Datos móviles > Añadir plan de datos móviles.',
      'Escanea el código QR.',
      'Toca «Continuar» dos veces y espera a que la eSIM se conecte a la red; después toca «OK».',
      'Elige una etiqueta para tu nuevo plan eSIM.',
      'Elige «Principal» como línea predeterminada y toca «Continuar».',
      'Elige la línea para iMessage y FaceTime y toca «Continuar».',
      'Elige tu nuevo plan eSIM para datos móviles y toca «Continuar».',
    ],
    manualIos: [
      'Ve a Ajustes > Datos móviles > Añadir plan de datos móviles.',
      'Toca «Introducir los datos manualmente».',
      'Introduce la dirección SM-DP+ {lpa} y el código de activación {code}.',
      'Toca «Siguiente», espera a que se añada la eSIM y toca «OK».',
    ],
    networkIos: [
      'Selecciona tu eSIM en «Planes de datos móviles».',
      'Comprueba que «Activar esta línea» esté activado.',
      'En «Selección de red», elige la red compatible.',
      'Activa «Itinerancia de datos».',
      'APN: {apn}.',
    ],
    qrAndroid: [
      'Ve a Ajustes > Conexiones > Administrador de tarjetas SIM.',
      'Toca «Añadir plan móvil».',
      'Toca «Escanear código QR del operador» y después «Añadir».',
      'Cuando el plan esté registrado, toca «Aceptar» para activarlo.',
    ],
    manualAndroid: [
      'Ve a Ajustes > Conexiones > Administrador de tarjetas SIM.',
      'Toca «Añadir plan móvil» > «Escanear código QR» > «Introducir código».',
      'Introduce el código de activación: LPA:1${lpa}${code}.',
      'Toca «Conectar» y después «Aceptar».',
    ],
    networkAndroid: [
      'En el administrador de tarjetas SIM, elige tu eSIM para datos móviles.',
      'En Conexiones > Redes móviles, activa «Itinerancia de datos».',
      'En «Nombres de puntos de acceso», configura el APN: {apn}.',
      'En «Operadores de red», elige la red compatible.',
    ],
  },
  it: {
    qrIos: [
      'Vai su Impostazioni > Cellulare > Aggiungi piano cellulare.',
      'Scansiona il codice QR.',
      'Tocca «Continua» due volte e attendi che la eSIM si connetta alla rete, poi tocca «Fine».',
      'Scegli un’etichetta per il nuovo piano eSIM.',
      'Scegli «Principale» come linea predefinita e tocca «Continua».',
      'Scegli la linea per iMessage e FaceTime e tocca «Continua».',
      'Scegli il nuovo piano eSIM per i dati cellulari e tocca «Continua».',
    ],
    manualIos: [
      'Vai su Impostazioni > Cellulare > Aggiungi piano cellulare.',
      'Tocca «Inserisci i dettagli manualmente».',
      'Inserisci l’indirizzo SM-DP+ {lpa} e il codice di attivazione {code}.',
      'Tocca «Avanti», attendi l’aggiunta della eSIM e tocca «Fine».',
    ],
    networkIos: [
      'Seleziona la eSIM in «Piani cellulare».',
      'Verifica che «Attiva questa linea» sia attivo.',
      'In «Selezione rete», scegli la rete supportata.',
      'Attiva «Roaming dati».',
      'APN: {apn}.',
    ],
    qrAndroid: [
      'Vai su Impostazioni > Connessioni > Gestione schede SIM.',
      'Tocca «Aggiungi piano mobile».',
      'Tocca «Scansiona codice QR dell’operatore» e poi «Aggiungi».',
      'Quando il piano è registrato, tocca «OK» per attivarlo.',
    ],
    manualAndroid: [
      'Vai su Impostazioni > Connessioni > Gestione schede SIM.',
      'Tocca «Aggiungi piano mobile» > «Scansiona codice QR» > «Inserisci codice».',
      'Inserisci il codice di attivazione: LPA:1${lpa}${code}.',
      'Tocca «Connetti» e poi «OK».',
    ],
    networkAndroid: [
      'In Gestione schede SIM scegli la eSIM per i dati mobili.',
      'In Connessioni > Reti mobili attiva «Roaming dati».',
      'In «Nomi punti di accesso» imposta l’APN: {apn}.',
      'In «Operatori di rete» scegli la rete supportata.',
    ],
  },
  pt: {
    qrIos: [
      'Acesse Ajustes > Celular > Adicionar Plano Celular.',
      'Escaneie o código QR.',
      'Toque em «Continuar» duas vezes e aguarde a conexão do eSIM à rede; depois toque em «OK».',
      'Escolha um nome para o novo plano eSIM.',
      'Escolha «Principal» como linha padrão e toque em «Continuar».',
      'Escolha a linha para iMessage e FaceTime e toque em «Continuar».',
      'Escolha o novo plano eSIM para dados celulares e toque em «Continuar».',
    ],
    manualIos: [
      'Acesse Ajustes > Celular > Adicionar Plano Celular.',
      'Toque em «Inserir Detalhes Manualmente».',
      'Digite o endereço SM-DP+ {lpa} e o código de ativação {code}.',
      'Toque em «Seguinte», aguarde a adição do eSIM e toque em «OK».',
    ],
    networkIos: [
      'Selecione o eSIM em «Planos Celulares».',
      'Verifique se «Ativar Esta Linha» está ligado.',
      'Em «Seleção de Rede», escolha a rede compatível.',
      'Ative «Roaming de Dados».',
      'APN: {apn}.',
    ],
    qrAndroid: [
      'Acesse Configurações > Conexões > Gerenciador de chip.',
      'Toque em «Adicionar plano móvel».',
      'Toque em «Ler código QR da operadora» e depois em «Adicionar».',
      'Quando o plano estiver registrado, toque em «OK» para ativá-lo.',
    ],
    manualAndroid: [
      'Acesse Configurações > Conexões > Gerenciador de chip.',
      'Toque em «Adicionar plano móvel» > «Ler código QR» > «Inserir código».',
      'Digite o código de ativação: LPA:1${lpa}${code}.',
      'Toque em «Conectar» e depois em «OK».',
    ],
    networkAndroid: [
      'No gerenciador de chip, escolha o eSIM para dados móveis.',
      'Em Conexões > Redes móveis, ative «Roaming de dados».',
      'Em «Nomes dos pontos de acesso», defina o APN: {apn}.',
      'Em «Operadoras de rede», escolha a rede compatível.',
    ],
  },
};

export const LANGUAGES = Object.keys(INSTRUCTIONS);

/** Picks the best supported language from an Accept-Language header; English otherwise. */
export function pickLanguage(header: string | undefined | null): string {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q) : 1, i };
    })
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.find((r) => r.base in INSTRUCTIONS)?.base ?? 'en';
}

export function fill(step: string, vars: { lpa: string; code: string; apn: string }): string {
  return step.replaceAll('{lpa}', vars.lpa).replaceAll('{code}', vars.code).replaceAll('{apn}', vars.apn);
}

export function installationGuides(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const lang of LANGUAGES) {
    out[lang] =
      lang === 'en' ? 'https://sandbox.airalo.com/installation-guide' : `https://sandbox.airalo.com/${lang}/installation-guide`;
  }
  return out;
}

const htmlList = (steps: string[]): string => `<ol>${steps.map((s) => `<li>${s}</li>`).join('')}</ol>`;

export function manualInstallationHtml(lang = 'en'): string {
  const set = INSTRUCTIONS[lang] ?? (INSTRUCTIONS.en as StepSet);
  const vars = { lpa: '&lt;SM-DP+ address&gt;', code: '&lt;activation code&gt;', apn: 'automatic' };
  return `<p><b>iOS</b></p>${htmlList(set.manualIos.map((s) => fill(s, vars)))}<p><b>Android</b></p>${htmlList(set.manualAndroid.map((s) => fill(s, vars)))}`;
}

export function qrInstallationHtml(lang = 'en'): string {
  const set = INSTRUCTIONS[lang] ?? (INSTRUCTIONS.en as StepSet);
  return `<p><b>iOS</b></p>${htmlList(set.qrIos)}<p><b>Android</b></p>${htmlList(set.qrAndroid)}`;
}
