// Held-out stores: written with their labels after the generator was tuned on the other stores, and
// never used to tune it. Their row in `npm run eval` is the fairer estimate of how adcli does on
// stores it has not seen. Our own writing. Their `theme` and `never` lists were added before the
// keyword selection of issue 22 was tuned, without looking at how any system did on them.
import type { EvalStore } from './types.ts';

const climbing: EvalStore = {
  id: 'en-heldout-bouldering',
  lang: 'en',
  kind: 'themed',
  channels: [
    {
      id: 'UCcrimpCityBoulders001',
      title: 'Crimp City',
      handle: '@crimpcity',
      description:
        'Indoor bouldering, finger strength and climbing technique for beginners and intermediate climbers.',
      keywords: 'bouldering climbing "climbing technique" "finger strength"',
    },
  ],
  videos: [
    {
      id: 'crimp000001',
      channelId: 'UCcrimpCityBoulders001',
      title: 'Your first month of bouldering: grades, chalk and falling safely',
      description:
        'New to the climbing gym? We cover V grades, how much chalk you really need, how to fall safely onto the mats and why climbing shoes should be snug but not painful.\n\nMembership discount for our gym: https://crimpcity.example/join',
      tags: ['bouldering for beginners', 'climbing gym', 'climbing shoes', 'v grades'],
      comments: [
        'Falling practice should be the first thing every gym teaches.',
        'My climbing shoes were two sizes too small, ouch.',
      ],
    },
    {
      id: 'crimp000002',
      channelId: 'UCcrimpCityBoulders001',
      title: 'Hangboard training for finger strength (safe protocol)',
      description:
        'Hangboard training builds finger strength, but only after a year of climbing. I show a seven second hang protocol on a 20 mm edge, half crimp grip only, and how to avoid pulley injuries.\n\nMembership discount for our gym: https://crimpcity.example/join',
      tags: ['hangboard', 'finger strength', 'hangboard training', 'pulley injury'],
      comments: ['The half crimp tip saved my pulleys.', 'Seven second hangs twice a week, noted.'],
    },
    {
      id: 'crimp000003',
      channelId: 'UCcrimpCityBoulders001',
      title: 'Footwork drills: silent feet and precise heel hooks',
      description:
        'Good footwork makes hard problems easy. Three drills: silent feet, precise toe placement on small footholds and heel hooks on overhangs.\n\nMembership discount for our gym: https://crimpcity.example/join',
      tags: ['climbing footwork', 'heel hook', 'climbing technique'],
      comments: [
        'Silent feet drill exposed how sloppy I am.',
        'Heel hooks finally clicked for me.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['bouldering', 'indoor bouldering', 'bouldering for beginners'],
      ['climbing gym', 'gym'],
      ['climbing shoes'],
      ['v grades', 'grades'],
      ['chalk'],
      ['finger strength'],
      ['hangboard', 'hangboard training'],
      ['half crimp', 'crimp'],
      ['pulley injuries', 'pulley injury', 'pulleys'],
      ['footwork', 'climbing footwork'],
      ['silent feet'],
      ['heel hooks', 'heel hook'],
      ['climbing technique'],
      ['falling safely', 'falling practice'],
    ],
    topics: ['/Sports/Climbing & Mountaineering'],
    theme: [
      'climbing',
      'climber',
      'climbers',
      'boulder',
      'problems',
      'mats',
      'grip',
      'edge',
      'hang',
      'hangs',
      'protocol',
      'drills',
      'drill',
      'toe placement',
      'footholds',
      'overhangs',
      'grades',
      'v grade',
    ],
  },
};

const singleBbq: EvalStore = {
  id: 'en-heldout-single-brisket',
  lang: 'en',
  kind: 'single-video',
  channels: [
    {
      id: 'UCsmokeRingSundays0001',
      title: 'Smoke Ring Sundays',
      handle: '@smokeringsundays',
      description: '',
    },
  ],
  videos: [
    {
      id: 'smoke000001',
      channelId: 'UCsmokeRingSundays0001',
      title: 'Texas style brisket on an offset smoker, start to finish',
      description:
        'A 14 pound packer brisket, salt and pepper rub, post oak on the offset smoker at 250 degrees. We wrap in butcher paper at the stall, pull it at 203 internal and rest it for three hours. I slice the flat and the point separately and show the bark and the smoke ring.',
      tags: ['brisket', 'texas brisket', 'offset smoker', 'bbq'],
      comments: ['Butcher paper over foil every time.', 'That smoke ring is perfect.'],
    },
  ],
  gold: {
    keywords: [
      ['brisket', 'texas style brisket', 'texas brisket', 'packer brisket'],
      ['offset smoker'],
      ['butcher paper'],
      ['post oak'],
      ['smoke ring'],
      ['bark'],
      ['salt and pepper rub', 'rub'],
      ['the stall', 'stall'],
      ['flat and the point', 'flat', 'point'],
      ['bbq'],
    ],
    topics: ['/Food & Drink/Cooking & Recipes/Grilling & BBQ'],
  },
};

const esSponsorYoga: EvalStore = {
  id: 'es-heldout-yoga',
  lang: 'es',
  kind: 'sponsor-heavy',
  channels: [
    {
      id: 'UCyogaEnCasaConLucia01',
      title: 'Yoga en Casa con Lucía',
      handle: '@yogaencasa',
      description: 'Clases de yoga para principiantes y pilates suave desde casa.',
    },
  ],
  videos: [
    {
      id: 'yoga0000001',
      channelId: 'UCyogaEnCasaConLucia01',
      title: 'Yoga para principiantes: 20 minutos para la espalda',
      description:
        'Este vídeo está patrocinado por Esterilla Zen. Usa el código LUCIA15 para un 15% de descuento: https://esterillazen.example/lucia\n\nUna clase de yoga suave para aliviar el dolor de espalda: postura del gato y la vaca, postura del niño y torsiones sentadas. Solo necesitas una esterilla.',
      tags: ['yoga para principiantes', 'dolor de espalda', 'yoga en casa'],
      comments: ['La postura del niño me alivia muchísimo.', 'Perfecta para después del trabajo.'],
    },
    {
      id: 'yoga0000002',
      channelId: 'UCyogaEnCasaConLucia01',
      title: 'Saludo al sol paso a paso',
      description:
        'Este vídeo está patrocinado por Esterilla Zen. Usa el código LUCIA15 para un 15% de descuento: https://esterillazen.example/lucia\n\nEl saludo al sol explicado paso a paso: respiración, perro boca abajo y cobra. Ideal para empezar la mañana con energía.',
      tags: ['saludo al sol', 'yoga', 'respiración'],
      comments: [
        'El perro boca abajo me cuesta mucho todavía.',
        'Gracias por explicar la respiración.',
      ],
    },
    {
      id: 'yoga0000003',
      channelId: 'UCyogaEnCasaConLucia01',
      title: 'Pilates suave para el core en 15 minutos',
      description:
        'Prueba mi programa completo gratis 7 días: https://clasesonline.example/?ref=yogaencasa\n\nPilates suave para fortalecer el core sin impacto: puente de glúteos, plancha con rodillas y el ciento. Apto para todos los niveles.',
      tags: ['pilates', 'core', 'pilates en casa'],
      comments: ['El ciento quema pero se nota.', 'Me encanta que sea sin impacto.'],
    },
  ],
  gold: {
    keywords: [
      ['yoga', 'yoga en casa'],
      ['yoga para principiantes', 'clases de yoga'],
      ['dolor de espalda', 'espalda'],
      ['postura del niño'],
      ['saludo al sol'],
      ['perro boca abajo'],
      ['respiración'],
      ['pilates', 'pilates suave', 'pilates en casa'],
      ['core'],
      ['puente de glúteos'],
      ['esterilla'],
    ],
    topics: ['/Health & Fitness/Fitness/Yoga & Pilates'],
    never: ['esterilla zen', 'clasesonline'],
  },
};

const deSparse: EvalStore = {
  id: 'de-heldout-sparse-hund',
  lang: 'de',
  kind: 'sparse',
  channels: [
    {
      id: 'UCbelloUndIch00000001',
      title: 'bello und ich',
      handle: '@belloundich',
      description: 'mein hund bello',
    },
  ],
  videos: [
    {
      id: 'bello000001',
      channelId: 'UCbelloUndIch00000001',
      title: 'Bello lernt Sitz',
      description: 'Hundetraining mit Leckerli',
      tags: ['hund', 'hundetraining'],
    },
    {
      id: 'bello000002',
      channelId: 'UCbelloUndIch00000001',
      title: 'Welpe am Strand',
      description: 'Bello sieht zum ersten Mal das Meer',
      tags: ['welpe', 'strand'],
      comments: ['so süß'],
    },
    {
      id: 'bello000003',
      channelId: 'UCbelloUndIch00000001',
      title: 'Hundespielzeug Test',
      description: 'welches Spielzeug mag Bello am liebsten',
      tags: ['hundespielzeug'],
    },
  ],
  gold: {
    keywords: [
      ['hund', 'mein hund'],
      ['bello'],
      ['hundetraining'],
      ['welpe'],
      ['sitz'],
      ['leckerli'],
      ['strand', 'meer'],
      ['hundespielzeug', 'spielzeug'],
    ],
    topics: ['/Pets & Animals/Dogs'],
  },
};

const frSingleVan: EvalStore = {
  id: 'fr-heldout-single-fourgon',
  lang: 'fr',
  kind: 'single-video',
  channels: [
    {
      id: 'UCfourgonEtCompagnie01',
      title: 'Fourgon et Compagnie',
      handle: '@fourgonetcompagnie',
      description: '',
    },
  ],
  videos: [
    {
      id: 'fourgon0001',
      channelId: 'UCfourgonEtCompagnie01',
      title: 'Aménagement de notre fourgon : isolation, lit fixe et cuisine',
      description:
        'Visite complète de notre fourgon aménagé après quatre mois de travaux. Isolation en laine de mouton, un lit fixe au-dessus du garage, une cuisine avec réchaud et un évier, et deux panneaux solaires sur le toit. On vous donne le budget total et nos conseils pour un premier aménagement.',
      tags: ['aménagement fourgon', 'vanlife', 'fourgon aménagé', 'isolation'],
      comments: [
        'La laine de mouton, bon choix contre la condensation.',
        'Le lit fixe au-dessus du garage, c’est malin.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['aménagement', 'aménagement fourgon', 'premier aménagement'],
      ['fourgon aménagé', 'fourgon'],
      ['isolation'],
      ['laine de mouton'],
      ['lit fixe'],
      ['panneaux solaires'],
      ['vanlife'],
      ['cuisine'],
      ['réchaud'],
      ['garage'],
    ],
    topics: ['/Travel/Road Trips & Van Life/Van Conversions'],
  },
};

const ptThemedRun: EvalStore = {
  id: 'pt-heldout-corrida',
  lang: 'pt',
  kind: 'themed',
  channels: [
    {
      id: 'UCcorrerSemPressa00001',
      title: 'Correr sem Pressa',
      handle: '@corrersempressa',
      description: 'Corrida de rua para iniciantes: treinos, tênis e provas de 5 km a maratona.',
    },
  ],
  videos: [
    {
      id: 'correr00001',
      channelId: 'UCcorrerSemPressa00001',
      title: 'Planilha de treino para correr 5 km em 8 semanas',
      description:
        'Uma planilha de treino para sair do zero e correr 5 km sem parar em oito semanas, alternando caminhada e corrida leve três vezes por semana.',
      tags: ['corrida para iniciantes', 'planilha de treino', '5 km'],
      comments: [
        'Terminei a semana quatro hoje!',
        'Alternar caminhada e corrida funcionou demais.',
      ],
    },
    {
      id: 'correr00002',
      channelId: 'UCcorrerSemPressa00001',
      title: 'Como escolher tênis de corrida: amortecimento e drop',
      description:
        'Amortecimento, drop, peso e pisada: o que importa na hora de escolher um tênis de corrida para treinos na rua.',
      tags: ['tênis de corrida', 'amortecimento', 'pisada'],
      comments: [
        'Nunca entendi o drop, agora sim.',
        'Comprei um tênis com mais amortecimento e a dor no joelho sumiu.',
      ],
    },
    {
      id: 'correr00003',
      channelId: 'UCcorrerSemPressa00001',
      title: 'Minha primeira meia maratona: ritmo, hidratação e gel',
      description:
        'Relato da minha primeira meia maratona: estratégia de ritmo, hidratação a cada posto e quando tomar o gel de carboidrato.',
      tags: ['meia maratona', 'hidratação', 'ritmo de prova'],
      comments: ['Parabéns pela prova!', 'Gel no quilômetro 10 é o que faço também.'],
    },
  ],
  gold: {
    keywords: [
      ['corrida', 'corrida de rua', 'corrida para iniciantes', 'correr'],
      ['planilha de treino', 'treino', 'treinos'],
      ['5 km', 'correr 5 km'],
      ['tênis de corrida', 'tênis'],
      ['amortecimento'],
      ['drop'],
      ['pisada'],
      ['meia maratona', 'primeira meia maratona'],
      ['hidratação'],
      ['ritmo', 'ritmo de prova'],
      ['gel', 'gel de carboidrato'],
      ['caminhada'],
    ],
    topics: ['/Sports/Running & Walking/Road Running', '/Sports/Running & Walking'],
    theme: [
      'corrida',
      'correr',
      'maratona',
      'prova',
      'provas',
      'treino',
      'corrida leve',
      'iniciantes',
      'joelho',
      'quilômetro',
      'carboidrato',
    ],
  },
};

export const HELD_OUT: EvalStore[] = [
  climbing,
  singleBbq,
  esSponsorYoga,
  deSparse,
  frSingleVan,
  ptThemedRun,
];
