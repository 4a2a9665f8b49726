// Spanish, German, French and Portuguese stores of the evaluation. Our own writing.
import type { EvalStore } from './types.ts';

// ---------------------------------------------------------------- Spanish

const esCafe: EvalStore = {
  id: 'es-cafe',
  lang: 'es',
  kind: 'themed',
  channels: [
    {
      id: 'UCtazaDeOrigenCafe0001',
      title: 'Taza de Origen',
      handle: '@tazadeorigen',
      description:
        'Café de especialidad en casa: métodos de filtrado, molinillos y recetas para principiantes. Nuevo vídeo cada jueves.',
      keywords: '"café de especialidad" "métodos de filtrado" barista',
    },
  ],
  videos: [
    {
      id: 'taza0000001',
      channelId: 'UCtazaDeOrigenCafe0001',
      title: 'Cómo preparar café en V60: receta para principiantes',
      description:
        'La receta que uso todos los días con la V60: 15 gramos de café, 250 gramos de agua a 93 grados y un bloom de 45 segundos. Te explico la molienda, el vertido en espiral y cómo corregir un café amargo.\n\nMi molinillo: https://amzn.to/3tazaMol\nInstagram: https://instagram.com/tazadeorigen',
      tags: ['v60', 'café de filtro', 'receta de café', 'métodos de filtrado'],
      comments: [
        'El bloom de 45 segundos cambió mi café por completo.',
        '¿Qué molinillo recomiendas para empezar?',
      ],
    },
    {
      id: 'taza0000002',
      channelId: 'UCtazaDeOrigenCafe0001',
      title: 'Molinillo manual vs molinillo eléctrico: ¿cuál comprar?',
      description:
        'Comparo un molinillo manual de fresas cónicas con un molinillo eléctrico de fresas planas. Para café de filtro, el molinillo manual ofrece una molienda muy uniforme por menos dinero.\n\nMi molinillo: https://amzn.to/3tazaMol\nInstagram: https://instagram.com/tazadeorigen',
      tags: ['molinillo de café', 'molinillo manual', 'molienda', 'café de especialidad'],
      comments: [
        'El molinillo manual es perfecto para la V60.',
        'La molienda uniforme se nota en la taza.',
      ],
    },
    {
      id: 'taza0000003',
      channelId: 'UCtazaDeOrigenCafe0001',
      title: 'Prensa francesa perfecta: la receta de 4 minutos',
      description:
        'La prensa francesa es el método más fácil para empezar con el café de especialidad. Molienda gruesa, 4 minutos de infusión y un filtrado lento para una taza limpia.\n\nMi molinillo: https://amzn.to/3tazaMol\nInstagram: https://instagram.com/tazadeorigen',
      tags: ['prensa francesa', 'café de especialidad', 'receta de café'],
      comments: [
        'Nunca supe que había que romper la costra, gracias.',
        'La prensa francesa es mi método favorito.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['café de especialidad'],
      ['v60', 'café en v60'],
      ['café de filtro', 'métodos de filtrado', 'método de filtrado'],
      ['receta de café', 'receta'],
      ['molinillo', 'molinillo de café'],
      ['molinillo manual'],
      ['molinillo eléctrico'],
      ['molienda', 'molienda uniforme', 'molienda gruesa'],
      ['prensa francesa'],
      ['bloom'],
      ['fresas cónicas', 'fresas planas'],
    ],
    topics: [
      '/Food & Drink/Beverages/Coffee & Tea/Pour-Over & Filter Coffee',
      '/Food & Drink/Beverages/Coffee & Tea',
    ],
    theme: [
      'café',
      'cafés',
      'barista',
      'taza',
      'agua',
      'gramos de café',
      'vertido',
      'vertido en espiral',
      'infusión',
      'filtrado',
      'costra',
      'amargo',
      'fresas',
      'método',
    ],
  },
};

const esViajes: EvalStore = {
  id: 'es-single-oaxaca',
  lang: 'es',
  kind: 'single-video',
  channels: [
    {
      id: 'UCmochilaLigeraViajes01',
      title: 'Mochila Ligera',
      handle: '@mochilaligera',
      description: '',
    },
  ],
  videos: [
    {
      id: 'oaxaca00001',
      channelId: 'UCmochilaLigeraViajes01',
      title: 'Oaxaca con poco dinero: 5 días, mezcal y mercados',
      description:
        'Cinco días en Oaxaca gastando menos de 40 dólares al día. Dormimos en un hostal del centro, comimos tlayudas en el mercado 20 de Noviembre y visitamos Hierve el Agua en colectivo. También probamos mezcal artesanal en Santiago Matatlán. Te cuento cuánto cuesta viajar por México como mochilero.',
      tags: ['oaxaca', 'viajar barato', 'méxico', 'mochilero'],
      comments: [
        'Hierve el Agua en colectivo es lo mejor, gracias por el dato.',
        'Las tlayudas del mercado son increíbles.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['oaxaca'],
      ['mezcal', 'mezcal artesanal'],
      ['mercados', 'mercado', 'mercado 20 de noviembre'],
      ['hierve el agua'],
      ['tlayudas'],
      ['hostal'],
      ['colectivo'],
      ['santiago matatlán'],
      ['viajar barato', 'con poco dinero'],
      ['méxico', 'viajar por méxico'],
      ['mochilero'],
    ],
    topics: ['/Travel/Destinations/Latin America', '/Travel/Budget Travel'],
  },
};

const esFinanzas: EvalStore = {
  id: 'es-sponsor-finanzas',
  lang: 'es',
  kind: 'sponsor-heavy',
  channels: [
    {
      id: 'UCdineroClaroFinanzas1',
      title: 'Dinero Claro',
      handle: '@dineroclaro',
      description: 'Finanzas personales sin humo: ahorro, fondos indexados y cómo salir de deudas.',
    },
  ],
  videos: [
    {
      id: 'dinero00001',
      channelId: 'UCdineroClaroFinanzas1',
      title: 'Fondos indexados para principiantes: cómo empezar con 50 euros',
      description:
        'Este vídeo está patrocinado por InversaApp. Regístrate con el código CLARO25 y recibe 25 euros: https://inversaapp.example/dineroclaro\n\nUn fondo indexado replica un índice como el MSCI World con comisiones bajas. Te explico cómo elegir un fondo indexado, qué es el interés compuesto y por qué invertir cada mes funciona.\n\nMúsica: Epidemic Sound',
      tags: ['fondos indexados', 'invertir', 'interés compuesto', 'msci world'],
      comments: [
        'Llevo dos años invirtiendo cada mes en un fondo indexado.',
        'El interés compuesto explicado muy claro.',
      ],
    },
    {
      id: 'dinero00002',
      channelId: 'UCdineroClaroFinanzas1',
      title: 'El método 50/30/20 para ahorrar cada mes',
      description:
        'Este vídeo está patrocinado por InversaApp. Regístrate con el código CLARO25 y recibe 25 euros: https://inversaapp.example/dineroclaro\n\nCon el método 50/30/20 repartes tu sueldo entre gastos fijos, ocio y ahorro. Te enseño mi presupuesto mensual y cómo construir un fondo de emergencia.\n\nMúsica: Epidemic Sound',
      tags: ['ahorro', 'presupuesto', 'fondo de emergencia', 'finanzas personales'],
      comments: [
        'El fondo de emergencia me salvó este año.',
        'Mi presupuesto mensual por fin cuadra.',
      ],
    },
    {
      id: 'dinero00003',
      channelId: 'UCdineroClaroFinanzas1',
      title: 'Cómo salir de deudas: método bola de nieve',
      description:
        'Prueba Presupuestos Pro gratis 30 días: https://presupuestospro.example/?ref=dineroclaro\n\nEl método bola de nieve paga primero la deuda más pequeña. Es la forma más motivadora de salir de deudas y de dejar la tarjeta de crédito.\n\nMúsica: Epidemic Sound',
      tags: ['salir de deudas', 'deudas', 'bola de nieve', 'tarjeta de crédito'],
      comments: [
        'La bola de nieve me ayudó a pagar tres tarjetas.',
        'Muy buen vídeo sobre deudas.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['fondos indexados', 'fondo indexado'],
      ['interés compuesto'],
      ['msci world'],
      ['invertir', 'invertir cada mes'],
      ['ahorro', 'ahorrar'],
      ['presupuesto', 'presupuesto mensual'],
      ['fondo de emergencia'],
      ['finanzas personales'],
      ['método 50/30/20', '50/30/20'],
      ['salir de deudas', 'deudas', 'deuda'],
      ['bola de nieve', 'método bola de nieve'],
      ['tarjeta de crédito'],
    ],
    topics: ['/Finance/Investing', '/Finance/Personal Finance & Budgeting'],
    never: ['inversaapp', 'presupuestos pro'],
  },
};

// ---------------------------------------------------------------- German

const deWandern: EvalStore = {
  id: 'de-wandern',
  lang: 'de',
  kind: 'themed',
  channels: [
    {
      id: 'UCgipfelGlueckWandern1',
      title: 'Gipfelglück',
      handle: '@gipfelglueck',
      description:
        'Wandern in den Alpen: Hüttentouren, Höhenwege und Tipps für Einsteiger. Jede Woche eine neue Tour aus Bayern, Tirol und Südtirol.',
      keywords: 'wandern hüttentour alpen bergwandern',
    },
  ],
  videos: [
    {
      id: 'gipfel00001',
      channelId: 'UCgipfelGlueckWandern1',
      title: 'Hüttentour in den Dolomiten: 4 Tage auf dem Alta Via 1',
      description:
        'Vier Tage auf dem Alta Via 1 von Hütte zu Hütte. Wir übernachten auf der Lavarellahütte und der Rifugio Lagazuoi, wandern über Scharten und Almwiesen und zeigen, was in den Rucksack gehört.\n\nUnsere Ausrüstung: https://gipfelglueck.example/ausruestung\nMusik: Epidemic Sound',
      tags: ['hüttentour', 'dolomiten', 'alta via 1', 'wandern'],
      comments: ['Die Lavarellahütte ist ein Traum!', 'Wie früh muss man die Hütten reservieren?'],
    },
    {
      id: 'gipfel00002',
      channelId: 'UCgipfelGlueckWandern1',
      title: 'Wanderschuhe im Test: 5 Modelle für Bergwanderungen',
      description:
        'Wir haben fünf Wanderschuhe auf Bergwanderungen getestet: Halt, Dämpfung, Sohle und Gewicht. Für Einsteiger empfehlen wir einen leichten Wanderschuh mit Vibram-Sohle.\n\nUnsere Ausrüstung: https://gipfelglueck.example/ausruestung\nMusik: Epidemic Sound',
      tags: ['wanderschuhe', 'wanderschuhe test', 'bergwandern', 'ausrüstung'],
      comments: [
        'Endlich ein ehrlicher Test von Wanderschuhen.',
        'Die Vibram-Sohle hält bei mir ewig.',
      ],
    },
    {
      id: 'gipfel00003',
      channelId: 'UCgipfelGlueckWandern1',
      title: 'Tagestour im Allgäu: über den Höhenweg zum Gipfelkreuz',
      description:
        'Eine Tagestour im Allgäu mit 1.100 Höhenmetern: vom Parkplatz über den Höhenweg zum Gipfelkreuz und zurück über die Alm. Mit Tipps zur Tourenplanung und zum Wetter in den Alpen.\n\nUnsere Ausrüstung: https://gipfelglueck.example/ausruestung\nMusik: Epidemic Sound',
      tags: ['tagestour', 'allgäu', 'höhenweg', 'wandern'],
      comments: [
        'Die Tourenplanung-Tipps sind super hilfreich.',
        'Allgäu im Herbst ist unschlagbar.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['wandern', 'bergwandern', 'wanderung', 'bergwanderungen'],
      ['hüttentour', 'hüttentouren', 'von hütte zu hütte'],
      ['dolomiten'],
      ['alta via 1', 'alta via'],
      ['wanderschuhe', 'wanderschuh'],
      ['tagestour'],
      ['allgäu'],
      ['höhenweg', 'höhenwege'],
      ['alpen'],
      ['gipfelkreuz'],
      ['tourenplanung'],
      ['vibram sohle', 'vibram-sohle'],
      ['höhenmeter', 'höhenmetern'],
      ['ausrüstung'],
    ],
    topics: [
      '/Hobbies & Leisure/Outdoors/Hiking & Backpacking/Hut-to-Hut Hiking',
      '/Hobbies & Leisure/Outdoors/Hiking & Backpacking',
    ],
    theme: [
      'hütte',
      'hütten',
      'wanderer',
      'tour',
      'touren',
      'gipfel',
      'alm',
      'almwiesen',
      'scharten',
      'rucksack',
      'lavarellahütte',
      'rifugio lagazuoi',
      'bayern',
      'tirol',
      'südtirol',
      'bergwanderung',
      'sohle',
      'dämpfung',
      'einsteiger',
    ],
  },
};

const deVan: EvalStore = {
  id: 'de-single-vanausbau',
  lang: 'de',
  kind: 'single-video',
  channels: [
    {
      id: 'UCkastenwagenKarl00001',
      title: 'Kastenwagen Karl',
      handle: '@kastenwagenkarl',
      description: '',
    },
  ],
  videos: [
    {
      id: 'karl0000001',
      channelId: 'UCkastenwagenKarl00001',
      title: 'Camper Ausbau Teil 3: Dämmung mit Armaflex und Schafwolle',
      description:
        'Im dritten Teil vom Camper Ausbau dämmen wir unseren Kastenwagen. Armaflex kommt auf das Blech gegen Kondenswasser, Schafwolle in die Hohlräume. Dazu erklären wir die Dampfsperre und warum man beim Selbstausbau keine Wärmebrücken lassen sollte. Der Ausbau kostet uns bisher 6.400 Euro.',
      tags: ['camper ausbau', 'kastenwagen', 'dämmung', 'selbstausbau', 'vanlife'],
      comments: [
        'Schafwolle riecht das nicht nach einer Weile?',
        'Super erklärt mit der Dampfsperre!',
      ],
    },
  ],
  gold: {
    keywords: [
      ['camper ausbau', 'ausbau'],
      ['dämmung', 'dämmen'],
      ['armaflex'],
      ['schafwolle'],
      ['kastenwagen'],
      ['kondenswasser'],
      ['dampfsperre'],
      ['selbstausbau'],
      ['wärmebrücken'],
      ['vanlife'],
    ],
    topics: ['/Travel/Road Trips & Van Life/Van Conversions'],
  },
};

const deEtf: EvalStore = {
  id: 'de-sponsor-etf',
  lang: 'de',
  kind: 'sponsor-heavy',
  channels: [
    {
      id: 'UCfinanzfuchsEtf000001',
      title: 'Finanzfuchs',
      handle: '@finanzfuchs',
      description: 'ETF, Sparplan und Altersvorsorge einfach erklärt.',
    },
  ],
  videos: [
    {
      id: 'fuchs000001',
      channelId: 'UCfinanzfuchsEtf000001',
      title: 'ETF Sparplan für Anfänger: so legst du 100 Euro im Monat an',
      description:
        'Werbung: Depot bei Brokerly eröffnen und 50 Euro Prämie sichern mit dem Code FUCHS50: https://brokerly.example/finanzfuchs\n\nMit einem ETF Sparplan investierst du jeden Monat automatisch. Wir vergleichen den MSCI World mit dem FTSE All-World, erklären die Kosten und zeigen, wie der Zinseszins über 30 Jahre wirkt.\n\nKeine Anlageberatung.',
      tags: ['etf sparplan', 'etf', 'msci world', 'zinseszins'],
      comments: ['Seit drei Jahren im MSCI World, läuft.', 'Endlich verstehe ich den Zinseszins.'],
    },
    {
      id: 'fuchs000002',
      channelId: 'UCfinanzfuchsEtf000001',
      title: 'Thesaurierend oder ausschüttend? ETF Steuern einfach erklärt',
      description:
        'Werbung: Depot bei Brokerly eröffnen und 50 Euro Prämie sichern mit dem Code FUCHS50: https://brokerly.example/finanzfuchs\n\nThesaurierende ETFs legen Dividenden wieder an, ausschüttende zahlen sie aus. Wir erklären die Vorabpauschale, den Sparerpauschbetrag und was das für deine Steuern bedeutet.\n\nKeine Anlageberatung.',
      tags: ['thesaurierend', 'ausschüttend', 'etf steuern', 'vorabpauschale'],
      comments: [
        'Die Vorabpauschale war mir nie klar, danke.',
        'Sparerpauschbetrag nicht vergessen!',
      ],
    },
    {
      id: 'fuchs000003',
      channelId: 'UCfinanzfuchsEtf000001',
      title: 'Altersvorsorge mit ETFs: reicht die Rente?',
      description:
        'Werbung: Depot bei Brokerly eröffnen und 50 Euro Prämie sichern mit dem Code FUCHS50: https://brokerly.example/finanzfuchs\n\nDie gesetzliche Rente reicht für viele nicht. Wir rechnen vor, wie viel ein ETF Sparplan zur Altersvorsorge beitragen kann und warum ein früher Start wichtig ist.\n\nKeine Anlageberatung.',
      tags: ['altersvorsorge', 'rente', 'etf sparplan'],
      comments: ['Früh anfangen ist das Wichtigste.', 'Die Rentenlücke macht mir Angst.'],
    },
  ],
  gold: {
    keywords: [
      ['etf sparplan', 'sparplan'],
      ['etf', 'etfs'],
      ['msci world'],
      ['ftse all world', 'ftse all-world'],
      ['zinseszins'],
      ['thesaurierend', 'thesaurierende etfs'],
      ['ausschüttend'],
      ['etf steuern', 'steuern'],
      ['vorabpauschale'],
      ['sparerpauschbetrag'],
      ['altersvorsorge'],
      ['rente', 'gesetzliche rente'],
      ['dividenden'],
    ],
    topics: ['/Finance/Investing'],
    never: ['brokerly'],
  },
};

// ---------------------------------------------------------------- French

const frVelo: EvalStore = {
  id: 'fr-velo',
  lang: 'fr',
  kind: 'themed',
  channels: [
    {
      id: 'UCroueLibreVelo000001',
      title: 'Roue Libre',
      handle: '@rouelibre',
      description:
        'Vélo de route, gravel et voyages à vélo. Des tests honnêtes et des itinéraires en France.',
      keywords: 'vélo gravel cyclisme "vélo de route" bikepacking',
    },
  ],
  videos: [
    {
      id: 'roue0000001',
      channelId: 'UCroueLibreVelo000001',
      title: 'Mon premier bikepacking : 3 jours de gravel dans le Vercors',
      description:
        "Trois jours de bikepacking en gravel dans le Vercors, avec bivouac et sacoches de cadre. Je vous montre mon matériel, l'itinéraire et les erreurs à éviter pour un premier voyage à vélo.\n\nMon matériel : https://rouelibre.example/materiel\nMusique : Epidemic Sound",
      tags: ['bikepacking', 'gravel', 'vercors', 'voyage à vélo'],
      comments: [
        "Le Vercors en gravel, c'est magnifique.",
        'Quelles sacoches de cadre utilises-tu ?',
      ],
    },
    {
      id: 'roue0000002',
      channelId: 'UCroueLibreVelo000001',
      title: 'Vélo de route ou gravel : lequel choisir pour débuter ?',
      description:
        'Vélo de route ou gravel pour débuter le cyclisme ? On compare la position, les pneus, le poids et le prix. Pour rouler sur petites routes et chemins, le gravel est souvent le meilleur choix.\n\nMon matériel : https://rouelibre.example/materiel\nMusique : Epidemic Sound',
      tags: ['vélo de route', 'gravel', 'débuter le cyclisme'],
      comments: [
        "J'ai pris un gravel et je ne regrette pas.",
        'Les pneus de 40 mm changent tout sur les chemins.',
      ],
    },
    {
      id: 'roue0000003',
      channelId: 'UCroueLibreVelo000001',
      title: 'Grimper le col du Galibier à vélo : conseils et braquet',
      description:
        "Le col du Galibier depuis Valloire : 18 km de montée. Je parle du braquet, de la nutrition sur le vélo et de la gestion de l'effort pour grimper un grand col des Alpes.\n\nMon matériel : https://rouelibre.example/materiel\nMusique : Epidemic Sound",
      tags: ['col du galibier', 'cyclisme', 'braquet', 'montée'],
      comments: [
        'Le Galibier depuis Valloire est superbe.',
        'Merci pour les conseils sur le braquet.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['vélo', 'vélo de route', 'à vélo'],
      ['gravel'],
      ['bikepacking'],
      ['vercors'],
      ['voyage à vélo', 'voyages à vélo'],
      ['sacoches de cadre', 'sacoches'],
      ['bivouac'],
      ['cyclisme', 'débuter le cyclisme'],
      ['col du galibier', 'galibier'],
      ['braquet'],
      ['valloire'],
      ['pneus'],
    ],
    topics: ['/Sports/Cycling/Road & Gravel Cycling', '/Sports/Cycling'],
    theme: [
      'cycliste',
      'route',
      'routes',
      'col',
      'cols',
      'montée',
      'itinéraire',
      'chemins',
      'matériel',
      'nutrition',
      'alpes',
      'grimper',
      'rouler',
      'pneus de 40 mm',
      'position',
    ],
  },
};

const frTmb: EvalStore = {
  id: 'fr-single-tmb',
  lang: 'fr',
  kind: 'single-video',
  channels: [
    {
      id: 'UCsentiersEtSommets0001',
      title: 'Sentiers et Sommets',
      handle: '@sentiersetsommets',
      description: '',
    },
  ],
  videos: [
    {
      id: 'tmb00000001',
      channelId: 'UCsentiersEtSommets0001',
      title: 'Tour du Mont Blanc en 7 jours : étapes, refuges et budget',
      description:
        "Le Tour du Mont Blanc en sept jours au départ des Houches. Je détaille chaque étape, les refuges où nous avons dormi, le budget total et le matériel de randonnée. Le passage du col de la Seigne vers l'Italie reste le plus beau moment du trek.",
      tags: ['tour du mont blanc', 'tmb', 'randonnée', 'refuges'],
      comments: [
        'Le col de la Seigne, quel panorama !',
        "Combien de temps à l'avance avez-vous réservé les refuges ?",
      ],
    },
  ],
  gold: {
    keywords: [
      ['tour du mont blanc', 'tmb'],
      ['refuges', 'refuge'],
      ['étapes', 'étape'],
      ['randonnée', 'matériel de randonnée'],
      ['les houches'],
      ['col de la seigne'],
      ['trek'],
      ['budget'],
      ['italie'],
      ['mont blanc'],
    ],
    topics: ['/Hobbies & Leisure/Outdoors/Hiking & Backpacking/Hut-to-Hut Hiking'],
  },
};

const frPain: EvalStore = {
  id: 'fr-sparse-pain',
  lang: 'fr',
  kind: 'sparse',
  channels: [
    {
      id: 'UCmamiePainMaison00001',
      title: 'mamie cuisine',
      handle: '@mamiecuisine',
      description: 'les recettes de mamie',
    },
  ],
  videos: [
    {
      id: 'mamie000001',
      channelId: 'UCmamiePainMaison00001',
      title: 'pain maison facile',
      description: 'le pain de mamie avec de la levure',
      tags: ['pain', 'recette'],
    },
    {
      id: 'mamie000002',
      channelId: 'UCmamiePainMaison00001',
      title: 'brioche du dimanche',
      description: 'une brioche bien moelleuse',
      tags: ['brioche'],
      comments: ['merci mamie'],
    },
    {
      id: 'mamie000003',
      channelId: 'UCmamiePainMaison00001',
      title: 'pain au levain',
      description: 'mon levain a 20 ans',
      tags: ['levain', 'pain'],
    },
  ],
  gold: {
    keywords: [
      ['pain', 'pain maison', 'pain maison facile'],
      ['brioche', 'brioche du dimanche'],
      ['levain', 'pain au levain'],
      ['levure'],
      ['recette', 'recettes de mamie'],
      ['mamie'],
    ],
    topics: ['/Food & Drink/Cooking & Recipes/Baking'],
  },
};

// ---------------------------------------------------------------- Portuguese

const ptViagem: EvalStore = {
  id: 'pt-viagem',
  lang: 'pt',
  kind: 'themed',
  channels: [
    {
      id: 'UCmalaProntaViagens001',
      title: 'Mala Pronta',
      handle: '@malapronta',
      description:
        'Viagens baratas pelo Brasil e por Portugal: roteiros, hospedagem e quanto custa cada viagem.',
      keywords: 'viagem roteiro "viajar barato" brasil portugal',
    },
  ],
  videos: [
    {
      id: 'mala0000001',
      channelId: 'UCmalaProntaViagens001',
      title: 'Roteiro de 3 dias em Lisboa gastando pouco',
      description:
        'Três dias em Lisboa com pouco dinheiro: Alfama, Belém, o elétrico 28 e um pastel de nata em cada esquina. Mostro onde ficar, quanto custa o transporte e um roteiro a pé pelos miradouros.\n\nSeguro viagem com desconto: https://seguroviagem.example/?ref=malapronta\nInstagram: https://instagram.com/malapronta',
      tags: ['lisboa', 'roteiro lisboa', 'viajar barato', 'portugal'],
      comments: ['O elétrico 28 lota muito, melhor ir cedo.', 'Amei as dicas dos miradouros!'],
    },
    {
      id: 'mala0000002',
      channelId: 'UCmalaProntaViagens001',
      title: 'Chapada Diamantina: trilhas, cachoeiras e quanto custa',
      description:
        'Uma semana na Chapada Diamantina saindo de Lençóis. Fizemos a trilha do Vale do Pati, o Morro do Pai Inácio e várias cachoeiras. Conto quanto gastamos com hospedagem, guia e comida.\n\nSeguro viagem com desconto: https://seguroviagem.example/?ref=malapronta\nInstagram: https://instagram.com/malapronta',
      tags: ['chapada diamantina', 'trilhas', 'cachoeiras', 'bahia'],
      comments: ['O Vale do Pati é a trilha mais linda do Brasil.', 'Vale a pena contratar guia?'],
    },
    {
      id: 'mala0000003',
      channelId: 'UCmalaProntaViagens001',
      title: 'Como viajar barato pelo Brasil: 10 dicas',
      description:
        'Dez dicas para viajar barato pelo Brasil: passagens aéreas em promoção, ônibus noturnos, hostels, pousadas simples e comida caseira. Economize sem deixar de conhecer lugares incríveis.\n\nSeguro viagem com desconto: https://seguroviagem.example/?ref=malapronta\nInstagram: https://instagram.com/malapronta',
      tags: ['viajar barato', 'dicas de viagem', 'brasil', 'mochilão'],
      comments: ['Ônibus noturno economiza uma diária de hotel.', 'Ótimas dicas para mochilão.'],
    },
  ],
  gold: {
    keywords: [
      ['viajar barato', 'viagens baratas'],
      ['lisboa', 'roteiro lisboa'],
      ['roteiro'],
      ['pastel de nata'],
      ['elétrico 28'],
      ['miradouros'],
      ['chapada diamantina'],
      ['vale do pati'],
      ['cachoeiras'],
      ['trilhas', 'trilha'],
      ['hospedagem'],
      ['brasil'],
      ['portugal'],
      ['dicas de viagem', 'dicas'],
      ['mochilão'],
    ],
    topics: ['/Travel/Budget Travel', '/Travel'],
    theme: [
      'viagem',
      'viagens',
      'viajar',
      'alfama',
      'belém',
      'lençóis',
      'morro do pai inácio',
      'bahia',
      'guia',
      'pousadas',
      'hostels',
      'ônibus noturnos',
      'ônibus noturno',
      'passagens aéreas',
      'transporte',
      'lugares',
    ],
  },
};

const ptCafe: EvalStore = {
  id: 'pt-single-cafe',
  lang: 'pt',
  kind: 'single-video',
  channels: [
    {
      id: 'UCgraoTorradoCafe00001',
      title: 'Grão Torrado',
      handle: '@graotorrado',
      description: '',
    },
  ],
  videos: [
    {
      id: 'grao0000001',
      channelId: 'UCgraoTorradoCafe00001',
      title: 'Café coado perfeito no Hario V60: receita e moagem',
      description:
        'A receita de café coado que uso todo dia: 15 gramas de café especial, 250 ml de água a 92 graus e moagem média. Explico a pré-infusão, o despejo em círculos e como ajustar a moagem quando o café fica amargo. Também comparo o filtro de papel branco com o filtro de pano.',
      tags: ['café coado', 'hario v60', 'café especial', 'receita de café'],
      comments: [
        'A pré-infusão faz toda a diferença mesmo.',
        'Filtro de pano ainda é meu preferido.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['café coado'],
      ['hario v60', 'v60'],
      ['café especial'],
      ['moagem', 'moagem média'],
      ['receita de café', 'receita'],
      ['pré-infusão', 'pré infusão'],
      ['filtro de papel', 'filtro de papel branco'],
      ['filtro de pano'],
      ['café amargo'],
    ],
    topics: ['/Food & Drink/Beverages/Coffee & Tea/Pour-Over & Filter Coffee'],
  },
};

const ptPlantas: EvalStore = {
  id: 'pt-sparse-plantas',
  lang: 'pt',
  kind: 'sparse',
  channels: [
    {
      id: 'UCplantinhasDaVo000001',
      title: 'plantinhas da vó',
      handle: '@plantinhasdavo',
      description: 'minhas plantas',
    },
  ],
  videos: [
    {
      id: 'vo000000001',
      channelId: 'UCplantinhasDaVo000001',
      title: 'minha costela de adão',
      description: 'a costela de adão cresceu muito',
      tags: ['plantas', 'costela de adão'],
    },
    {
      id: 'vo000000002',
      channelId: 'UCplantinhasDaVo000001',
      title: 'mudas de suculentas',
      description: 'fazendo mudas das suculentas',
      tags: ['suculentas', 'mudas'],
      comments: ['que lindas'],
    },
    {
      id: 'vo000000003',
      channelId: 'UCplantinhasDaVo000001',
      title: 'regando as samambaias',
      description: 'samambaia gosta de muita água',
      tags: ['samambaia'],
    },
  ],
  gold: {
    keywords: [
      ['costela de adão'],
      ['suculentas', 'suculenta'],
      ['mudas', 'mudas de suculentas'],
      ['samambaias', 'samambaia'],
      ['plantas', 'minhas plantas'],
      ['regando', 'água'],
    ],
    topics: ['/Home & Garden/Gardening/Houseplants', '/Home & Garden/Gardening'],
  },
};

export const OTHER_LANGUAGES: EvalStore[] = [
  esCafe,
  esViajes,
  esFinanzas,
  deWandern,
  deVan,
  deEtf,
  frVelo,
  frTmb,
  frPain,
  ptViagem,
  ptCafe,
  ptPlantas,
];
