// Held-out stores of small stores, channels of 3-10 videos and stores with several brands: written
// with their labels before the keyword selection of small stores, brands and generic words was
// tuned, and never used to tune it (`npm run eval` prints their per-store lines only with
// --held-out). Our own writing; every brand, product and channel is invented.
import type { EvalStore } from './types.ts';

const knives: EvalStore = {
  id: 'en-heldout-single-knives',
  lang: 'en',
  kind: 'single-video',
  channels: [
    { id: 'UCedgeAndHoneKnives001', title: 'Edge & Hone', handle: '@edgeandhone', description: '' },
  ],
  videos: [
    {
      id: 'hone0000001',
      channelId: 'UCedgeAndHoneKnives001',
      title: 'How to sharpen a kitchen knife on a whetstone (1000/6000 grit)',
      description:
        "Everything you need to sharpen a chef's knife at home: a 1000 grit whetstone for the edge and a 6000 grit stone to polish it. Soak the stone for ten minutes, hold a 15 degree angle, raise a burr along the whole edge, then flip the knife and repeat. I finish with a leather strop and test the edge on paper and a tomato. A honing rod keeps the edge straight between sharpenings, but it does not sharpen.",
      tags: [
        'knife sharpening',
        'whetstone',
        'how to sharpen a knife',
        'chef knife',
        'japanese whetstone',
      ],
      comments: [
        'Finally understood what a burr is, thank you.',
        'Do you flatten your whetstone before every session?',
        'I always thought my honing rod was sharpening my knives, oops.',
        'Great video, subscribed!',
        'The tomato test at the end is so satisfying.',
      ],
    },
  ],
  gold: {
    keywords: [
      [
        'knife sharpening',
        'sharpening',
        'how to sharpen a knife',
        'sharpen a kitchen knife',
        'sharpen a knife',
        'sharpening a kitchen knife',
      ],
      ['whetstone', 'japanese whetstone', 'whetstones', 'sharpening stone'],
      ['1000 grit', '1000 grit whetstone'],
      ['6000 grit', '6000 grit stone'],
      ['chef knife', "chef's knife", 'kitchen knife', 'kitchen knives'],
      ['burr'],
      ['15 degree angle', 'sharpening angle'],
      ['leather strop', 'strop', 'stropping'],
      ['honing rod'],
      ['flatten your whetstone', 'flattening a whetstone'],
    ],
    topics: ['/Home & Garden/Kitchen & Dining', '/Food & Drink/Cooking & Recipes'],
    theme: [
      'knife',
      'knives',
      'sharpen',
      'sharpening',
      'edge',
      'stone',
      'grit',
      'blade',
      'tomato test',
      'paper test',
    ],
  },
};

const beekeeping: EvalStore = {
  id: 'en-heldout-single-beekeeping',
  lang: 'en',
  kind: 'single-video',
  channels: [
    {
      id: 'UChiveAndHoneyNotes001',
      title: 'Hive Notes',
      handle: '@hivenotes',
      description: 'A backyard beekeeper in Ohio.',
    },
  ],
  videos: [
    {
      id: 'hive0000001',
      channelId: 'UChiveAndHoneyNotes001',
      title: 'First hive inspection of spring: finding the queen in a Langstroth hive',
      description:
        'My first full hive inspection of the year. I light the smoker with pine needles, lift the inner cover and work through the brood frames one by one. We look for eggs, capped brood and queen cells, check the honey stores and add a second brood box because the colony is booming. Wear a veil: spring bees are calm, but not always.',
      tags: [
        'beekeeping',
        'hive inspection',
        'beekeeping for beginners',
        'langstroth hive',
        'queen bee',
      ],
      comments: [
        'Seeing eggs is such a relief every spring.',
        'What do you use in your smoker besides pine needles?',
        'Queen cells in April would make me nervous about swarming.',
        'Love the calm music and the bees.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['beekeeping', 'backyard beekeeper', 'beekeeper', 'beekeeping for beginners'],
      ['hive inspection', 'first hive inspection', 'full hive inspection'],
      ['langstroth hive', 'langstroth'],
      ['queen bee', 'finding the queen', 'queen'],
      ['smoker'],
      ['brood frames', 'brood frame', 'capped brood', 'brood'],
      ['queen cells', 'queen cell'],
      ['brood box', 'second brood box'],
      ['honey stores', 'honey'],
      ['swarming', 'swarm'],
      ['veil', 'bee veil'],
    ],
    topics: [
      '/Hobbies & Leisure',
      '/Home & Garden/Gardening',
      '/Pets & Animals/Wildlife',
      '/Pets & Animals',
    ],
    theme: ['bee', 'bees', 'hive', 'colony', 'eggs', 'inner cover', 'pine needles', 'spring bees'],
  },
};

const brakes: EvalStore = {
  id: 'en-heldout-single-brakes',
  lang: 'en',
  kind: 'single-video',
  channels: [
    {
      id: 'UCtrailsideWrenching01',
      title: 'Trailside Wrenching',
      handle: '@trailsidewrenching',
      description: '',
    },
  ],
  videos: [
    {
      id: 'wrench00001',
      channelId: 'UCtrailsideWrenching01',
      title: 'Replace hydraulic disc brake pads on your mountain bike in 10 minutes',
      description:
        'Squealing brakes or pads worn below 1 mm? Here is how to swap the brake pads on a hydraulic disc brake: remove the wheel, pull the retaining pin, push the pistons back with a plastic tire lever, fit the new pads and bed them in with ten hard stops. Resin pads are quieter, sintered pads last longer in wet mud. Keep brake cleaner and your fingers off the rotor.',
      tags: ['mountain bike', 'disc brake pads', 'hydraulic brakes', 'bike maintenance', 'mtb'],
      comments: [
        'Bedding in the pads made a huge difference, they finally bite.',
        'Sintered pads all winter for me, the mud here eats resin pads.',
        'My pistons would not go back in, any tips?',
        'Thanks man, saved me a trip to the shop.',
      ],
    },
  ],
  gold: {
    keywords: [
      [
        'brake pads',
        'disc brake pads',
        'replace brake pads',
        'swap the brake pads',
        'hydraulic disc brake pads',
      ],
      ['hydraulic disc brake', 'hydraulic brakes', 'hydraulic disc brakes', 'disc brake'],
      ['mountain bike', 'mtb', 'mountain bikes'],
      ['bike maintenance'],
      ['bed in', 'bedding in', 'bed them in'],
      ['resin pads', 'resin'],
      ['sintered pads', 'sintered'],
      ['pistons', 'piston'],
      ['rotor', 'rotors'],
      ['brake cleaner'],
      ['retaining pin'],
      ['squealing brakes'],
    ],
    topics: ['/Sports/Cycling/Mountain Biking', '/Sports/Cycling'],
    theme: ['brake', 'brakes', 'pads', 'bike', 'wheel', 'tire lever', 'stops', 'mud'],
  },
};

const kombucha: EvalStore = {
  id: 'es-heldout-single-kombucha',
  lang: 'es',
  kind: 'single-video',
  channels: [
    {
      id: 'UCfermentosDeLaCasa01',
      title: 'Fermentos de la Casa',
      handle: '@fermentosdelacasa',
      description: '',
    },
  ],
  videos: [
    {
      id: 'ferm0000001',
      channelId: 'UCfermentosDeLaCasa01',
      title: 'Cómo hacer kombucha en casa: primera y segunda fermentación',
      description:
        'Para hacer kombucha casera solo necesitas té negro, azúcar, un scoby y un poco de kombucha de un lote anterior. La primera fermentación dura entre siete y diez días en un frasco de vidrio tapado con un paño. En la segunda fermentación embotellamos con jengibre y fruta para conseguir más gas. Te enseño cómo saber si el scoby está sano y cómo evitar el moho.',
      tags: ['kombucha', 'kombucha casera', 'scoby', 'fermentación', 'segunda fermentación'],
      comments: [
        'Mi scoby tiene manchas marrones, ¿es moho?',
        'La de jengibre me encanta, queda con mucho gas.',
        '¡Qué buen video, gracias!',
        '¿Se puede usar té verde en lugar de té negro?',
      ],
    },
  ],
  gold: {
    keywords: [
      [
        'kombucha',
        'kombucha casera',
        'hacer kombucha',
        'hacer kombucha en casa',
        'kombucha en casa',
      ],
      ['scoby'],
      ['primera fermentación'],
      ['segunda fermentación'],
      ['fermentación', 'fermentados'],
      ['té negro'],
      ['té verde'],
      ['jengibre', 'kombucha de jengibre'],
      ['frasco de vidrio'],
      ['moho'],
    ],
    topics: ['/Food & Drink/Beverages', '/Food & Drink/Cooking & Recipes'],
    theme: [
      'té',
      'azúcar',
      'lote',
      'gas',
      'fruta',
      'embotellar',
      'embotellamos',
      'paño',
      'fermentar',
    ],
  },
};

const aquarium: EvalStore = {
  id: 'de-heldout-single-aquarium',
  lang: 'de',
  kind: 'single-video',
  channels: [
    {
      id: 'UCaquaristikAmAbend01',
      title: 'Aquaristik am Abend',
      handle: '@aquaristikamabend',
      description: '',
    },
  ],
  videos: [
    {
      id: 'aqua0000001',
      channelId: 'UCaquaristikAmAbend01',
      title: 'Aquarium einrichten für Anfänger: Bodengrund, Pflanzen und Einfahrphase',
      description:
        'Wir richten ein 60 Liter Aquarium von Anfang an ein. Zuerst kommt Nährboden unter den Kies, dann setzen wir Wasserpflanzen wie Javafarn und Vallisnerien. Der Außenfilter läuft ab dem ersten Tag, aber Fische kommen erst nach der Einfahrphase von vier Wochen. Ich zeige, wie ich Nitrit und Nitrat mit Tropfentests messe und warum ein Wasserwechsel jede Woche wichtig ist.',
      tags: [
        'aquarium einrichten',
        'aquaristik',
        'einfahrphase',
        'aquarium für anfänger',
        'wasserpflanzen',
      ],
      comments: [
        'Die Einfahrphase habe ich damals übersprungen, großer Fehler.',
        'Welcher Außenfilter ist das genau?',
        'Javafarn ist wirklich unkaputtbar.',
        'Super erklärt, danke!',
      ],
    },
  ],
  gold: {
    keywords: [
      ['aquarium einrichten', 'aquarium', 'aquarium für anfänger'],
      ['aquaristik'],
      ['einfahrphase'],
      ['bodengrund', 'nährboden', 'kies'],
      ['wasserpflanzen', 'pflanzen'],
      ['javafarn'],
      ['vallisnerien'],
      ['außenfilter', 'filter'],
      ['nitrit', 'nitrat', 'tropfentests', 'tropfentest'],
      ['wasserwechsel'],
      ['60 liter aquarium'],
    ],
    topics: ['/Pets & Animals', '/Home & Garden'],
    theme: ['fische', 'fisch', 'wasser', 'becken', 'liter'],
  },
};

const watercolor: EvalStore = {
  id: 'en-heldout-small-watercolor',
  lang: 'en',
  kind: 'small',
  channels: [
    {
      id: 'UCwetOnWetStudio00001',
      title: 'Wet on Wet Studio',
      handle: '@wetonwetstudio',
      description: 'Relaxed watercolor lessons for beginners.',
    },
  ],
  videos: [
    {
      id: 'wet00000001',
      channelId: 'UCwetOnWetStudio00001',
      title: 'Easy watercolor landscape for beginners: wet on wet sky',
      description:
        'A simple watercolor landscape in three steps. We paint a wet on wet sky with ultramarine and burnt sienna, let it dry, then add a distant tree line and a pine forest with a round brush. Use 300 gsm cold press paper so it does not buckle, and tape the edges with masking tape.',
      tags: ['watercolor landscape', 'watercolor for beginners', 'wet on wet', 'watercolor sky'],
      comments: [
        'My sky turned into mud, too much water I think.',
        'Cold press paper changed everything for me.',
        'So relaxing to watch.',
      ],
    },
    {
      id: 'wet00000002',
      channelId: 'UCwetOnWetStudio00001',
      title: 'Watercolor mixing: a limited palette of three colors',
      description:
        'You only need three paints: a warm yellow, ultramarine and a crimson. I mix greens, purples and neutral greys from them and show how a limited palette keeps a watercolor painting harmonious. A color chart on cold press paper helps you remember the mixes.',
      tags: ['watercolor mixing', 'limited palette', 'color mixing', 'watercolor painting'],
      comments: [
        'Making the color chart now!',
        'Ultramarine and burnt sienna is my favourite grey.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['watercolor', 'watercolor painting', 'watercolour'],
      ['watercolor landscape'],
      ['watercolor for beginners', 'easy watercolor'],
      ['wet on wet', 'wet on wet sky'],
      ['watercolor sky'],
      ['ultramarine'],
      ['burnt sienna'],
      ['cold press paper', 'cold press'],
      ['round brush'],
      ['limited palette'],
      ['color mixing', 'watercolor mixing', 'mixing'],
      ['color chart'],
      ['masking tape'],
      ['pine forest', 'tree line'],
    ],
    topics: ['/Hobbies & Leisure/Arts & Crafts'],
    theme: [
      'paint',
      'painting',
      'paints',
      'paper',
      'brush',
      'palette',
      'color',
      'colors',
      'colour',
      'crimson',
      'yellow',
      'greens',
      'purples',
      'greys',
      'sky',
      'landscape',
      '300 gsm',
    ],
  },
};

const CHESS_FOOTER =
  'Sponsored by Brightlearn: 20% off any course at https://brightlearn.example/chessnook\nJoin the club on Discord: https://discord.gg/chessnook';

const chess: EvalStore = {
  id: 'en-heldout-channel-chess',
  lang: 'en',
  kind: 'themed',
  channels: [
    {
      id: 'UCchessNookOpenings001',
      title: 'Chess Nook',
      handle: '@chessnook',
      description:
        'Chess openings, endgames and tactics explained for club players. New lessons every Tuesday.',
      keywords: 'chess "chess openings" "chess tactics" endgames',
    },
  ],
  videos: [
    {
      id: 'nook0000001',
      channelId: 'UCchessNookOpenings001',
      title: 'The Italian Game: a complete opening for beginners',
      description: `The Italian Game starts 1.e4 e5 2.Nf3 Nc6 3.Bc4 and leads to open positions where development and king safety matter most. I cover the Giuoco Piano, the Evans Gambit and the traps club players fall into.\n\n${CHESS_FOOTER}`,
      tags: ['italian game', 'chess openings', 'giuoco piano', 'evans gambit'],
      comments: [
        'The Evans Gambit is so much fun in blitz.',
        'Finally an opening video that explains the ideas, not just moves.',
      ],
    },
    {
      id: 'nook0000002',
      channelId: 'UCchessNookOpenings001',
      title: 'How to beat the Sicilian Defense as White',
      description: `The Sicilian Defense is the most popular answer to 1.e4. We look at the Open Sicilian, the Alapin with 2.c3 and the Grand Prix Attack, and which one suits a club player with little time for theory.\n\n${CHESS_FOOTER}`,
      tags: ['sicilian defense', 'alapin sicilian', 'grand prix attack', 'chess openings'],
      comments: [
        'Alapin is my go to against the Sicilian now.',
        'Grand Prix Attack wins so many blitz games at my level.',
      ],
    },
    {
      id: 'nook0000003',
      channelId: 'UCchessNookOpenings001',
      title: 'King and pawn endgames: opposition and the square rule',
      description: `Every club player must know these king and pawn endgames. I explain the opposition, the rule of the square and the key squares in front of a passed pawn, with puzzles at the end.\n\n${CHESS_FOOTER}`,
      tags: ['chess endgames', 'king and pawn endgame', 'opposition', 'rule of the square'],
      comments: [
        'The rule of the square saved me a lost game last week.',
        'More endgame videos please!',
      ],
    },
    {
      id: 'nook0000004',
      channelId: 'UCchessNookOpenings001',
      title: 'Chess tactics: forks, pins and skewers for club players',
      description: `Most games under 1800 are decided by tactics. We practice knight forks, absolute pins and skewers, and I share the puzzle routine that took me from 1200 to 1600 rapid rating.\n\n${CHESS_FOOTER}`,
      tags: ['chess tactics', 'knight fork', 'chess puzzles', 'pins and skewers'],
      comments: [
        'Puzzle routine every morning now, thanks.',
        'The knight fork example was beautiful.',
      ],
    },
    {
      id: 'nook0000005',
      channelId: 'UCchessNookOpenings001',
      title: 'The Queens Gambit Declined explained',
      description: `The Queens Gambit Declined is a solid answer to 1.d4 for Black. We walk through the main line, the Exchange Variation and the minority attack plan in the middlegame.\n\n${CHESS_FOOTER}`,
      tags: ['queens gambit declined', 'chess openings', 'minority attack', 'exchange variation'],
      comments: ['The minority attack plan finally makes sense.', 'QGD is my main defense now.'],
    },
  ],
  gold: {
    keywords: [
      ['chess', 'chess lessons'],
      ['chess openings', 'chess opening'],
      ['italian game'],
      ['giuoco piano'],
      ['evans gambit'],
      ['sicilian defense', 'sicilian', 'open sicilian'],
      ['alapin', 'alapin sicilian'],
      ['grand prix attack'],
      ['chess endgames', 'endgames', 'king and pawn endgames', 'king and pawn endgame', 'endgame'],
      ['opposition'],
      ['rule of the square', 'square rule'],
      ['chess tactics', 'tactics'],
      ['knight fork', 'knight forks', 'forks'],
      ['pins and skewers', 'absolute pins', 'skewers'],
      ['chess puzzles', 'puzzles', 'puzzle routine'],
      ['queens gambit declined', 'queens gambit', 'qgd'],
      ['minority attack'],
      ['exchange variation'],
      ['club players', 'club player'],
    ],
    topics: ['/Games/Board & Tabletop Games', '/Games'],
    theme: [
      'blitz',
      'rapid rating',
      'rating',
      'middlegame',
      'main line',
      'passed pawn',
      'key squares',
      'king safety',
      'development',
      'white',
      'black',
      'theory',
      'pawn',
      'king',
      'knight',
      'gambit',
      'opening',
      'defense',
    ],
    never: ['brightlearn'],
  },
};

const flyFishing: EvalStore = {
  id: 'en-heldout-channel-flyfishing',
  lang: 'en',
  kind: 'themed',
  channels: [
    {
      id: 'UCdriftAndMendFly0001',
      title: 'Drift & Mend',
      handle: '@driftandmend',
      description:
        'Fly fishing for trout on small streams in Montana and Idaho: casting, fly tying and reading water.',
      keywords: '"fly fishing" trout "fly tying" "small streams"',
    },
  ],
  videos: [
    {
      id: 'drift000001',
      channelId: 'UCdriftAndMendFly0001',
      title: 'Fly casting basics: the roll cast and the overhead cast',
      description:
        'Before you chase trout, learn two casts. The roll cast gets you out of tight brush on small streams, the overhead cast gives you distance. Stop the rod at ten and two and let the line load.',
      tags: ['fly casting', 'roll cast', 'fly fishing for beginners'],
      comments: ['Ten and two finally clicked, thanks.', 'Roll cast is all I use on my creek.'],
    },
    {
      id: 'drift000002',
      channelId: 'UCdriftAndMendFly0001',
      title: 'Nymphing for trout with an indicator rig',
      description:
        'Most trout feed below the surface. I rig a tungsten nymph under a strike indicator, set the depth to one and a half times the water depth and mend the line for a natural drift through the riffle.',
      tags: ['nymphing', 'indicator nymphing', 'trout fishing', 'nymph fishing'],
      comments: [
        'Mending was my missing piece, way more takes now.',
        'What size tungsten bead do you use in spring?',
      ],
    },
    {
      id: 'drift000003',
      channelId: 'UCdriftAndMendFly0001',
      title: 'Tying the Elk Hair Caddis: a dry fly every beginner should tie',
      description:
        'The Elk Hair Caddis floats like a cork and catches trout all summer. At the fly tying vise we wrap the body with dubbing, palmer a hackle and tie in the elk hair wing.',
      tags: ['fly tying', 'elk hair caddis', 'dry fly', 'fly tying for beginners'],
      comments: [
        'My first fly that actually looks like the picture!',
        'Dry fly fishing with this pattern is so fun.',
      ],
    },
    {
      id: 'drift000004',
      channelId: 'UCdriftAndMendFly0001',
      title: 'Reading water on a small trout stream',
      description:
        'Trout hold in seams, pocket water and the tail of a pool. I walk a small stream in Idaho and show where I cast first, how I approach from downstream and why a long leader matters on clear water.',
      tags: ['reading water', 'small stream fly fishing', 'trout', 'fly fishing'],
      comments: [
        'Pocket water is where I catch most of my fish too.',
        'Approaching from downstream changed my catch rate.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['fly fishing', 'fly fishing for beginners'],
      ['trout', 'trout fishing'],
      ['fly casting', 'casting'],
      ['roll cast'],
      ['overhead cast'],
      ['nymphing', 'indicator nymphing', 'nymph fishing'],
      ['strike indicator', 'indicator rig', 'indicator'],
      ['tungsten nymph', 'nymph'],
      ['fly tying', 'fly tying for beginners'],
      ['elk hair caddis'],
      ['dry fly', 'dry fly fishing'],
      ['reading water'],
      ['small streams', 'small stream', 'small stream fly fishing', 'small trout stream'],
      ['pocket water'],
      ['mend the line', 'mending', 'mend'],
      ['long leader', 'leader'],
      ['montana', 'idaho'],
    ],
    topics: ['/Hobbies & Leisure/Outdoors/Fishing', '/Hobbies & Leisure/Outdoors'],
    theme: [
      'fly',
      'fish',
      'fishing',
      'rod',
      'line',
      'cast',
      'caddis',
      'hackle',
      'dubbing',
      'vise',
      'riffle',
      'seams',
      'pool',
      'creek',
      'stream',
      'drift',
      'takes',
      'catch rate',
      'downstream',
      'tungsten bead',
      'elk hair',
    ],
  },
};

const CADENCE = {
  name: 'Cadence Running',
  website: 'https://www.cadencerunning.example',
  description:
    'Road running shoes for everyday runners: the Tempo Glide daily trainer and the Vanta carbon racer.',
};
const APEX = {
  name: 'Apex Stride',
  website: 'https://www.apexstride.example',
  description: 'Performance running footwear. Our Stride Racer 2 is built for race day.',
};
const KINETIC = {
  name: 'Kinetic Footwear',
  website: 'https://www.kineticfootwear.example',
  description: 'Max cushion running shoes, led by the Kinetic Volt and the Kinetic Cloudline.',
};

const runningBrands: EvalStore = {
  id: 'en-heldout-brands-running',
  lang: 'en',
  kind: 'brands',
  brands: { own: CADENCE, others: [APEX, KINETIC] },
  channels: [
    {
      id: 'UCmileSplitReviews001',
      title: 'Mile Split',
      handle: '@milesplit',
      description: 'Running shoe reviews after 100 miles, marathon training and race day tips.',
      keywords: '"running shoes" "shoe review" marathon',
    },
  ],
  videos: [
    {
      id: 'split000001',
      channelId: 'UCmileSplitReviews001',
      title: 'Cadence Tempo Glide review: the best daily trainer this year?',
      description:
        'After 120 miles in the Cadence Tempo Glide: a soft but stable midsole, a roomy toe box and a 6 mm drop. It handles easy runs and long runs, less so intervals. I compare it with the Kinetic Volt for cushioning.',
      tags: ['cadence tempo glide', 'daily trainer', 'running shoe review', 'best running shoes'],
      comments: [
        'The Tempo Glide toe box is perfect for my wide feet.',
        'Kinetic Volt felt mushy for me after 50 miles.',
        'Great review as always!',
      ],
    },
    {
      id: 'split000002',
      channelId: 'UCmileSplitReviews001',
      title: 'Carbon plate racers compared: Cadence Vanta vs Apex Stride Racer 2',
      description:
        'Two carbon plated super shoes for race day. The Cadence Vanta has a lighter foam and a rocker that rolls you forward, the Apex Stride Racer 2 is firmer and more stable in corners. Both ran a half marathon with me.',
      tags: [
        'carbon plate shoes',
        'cadence vanta',
        'apex stride racer 2',
        'super shoes',
        'marathon racing shoes',
      ],
      comments: [
        'I ran my marathon PR in the Stride Racer 2.',
        'Vanta or Racer 2 for a 3:30 marathon?',
        'Super shoes are getting so expensive.',
      ],
    },
    {
      id: 'split000003',
      channelId: 'UCmileSplitReviews001',
      title: 'My 16 week marathon training plan for a first marathon',
      description:
        'Sixteen weeks from your first long run to race day: three easy runs, one tempo run and one long run a week, a taper in the last two weeks and a fueling plan with gels every 40 minutes.',
      tags: ['marathon training plan', 'first marathon', 'long run', 'tempo run', 'marathon taper'],
      comments: ['Starting this plan on Monday!', 'The taper weeks are the hardest part mentally.'],
    },
    {
      id: 'split000004',
      channelId: 'UCmileSplitReviews001',
      title: 'How to choose running shoes: drop, stack height and fit',
      description:
        'Heel to toe drop, stack height and toe box width matter more than the brand. I explain how to get a running shoe fitted, why you should go half a size up and when max cushion shoes like the Kinetic Cloudline make sense.',
      tags: ['how to choose running shoes', 'heel drop', 'stack height', 'running shoe fit'],
      comments: [
        'Half a size up fixed my black toenails.',
        'Stack height vs drop explained so clearly.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['running shoes', 'running shoe', 'best running shoes'],
      ['running shoe review', 'shoe review', 'running shoe reviews'],
      ['cadence tempo glide', 'tempo glide'],
      ['cadence vanta', 'vanta'],
      ['cadence running', 'cadence'],
      ['daily trainer'],
      ['carbon plate shoes', 'carbon plate', 'carbon plated super shoes', 'carbon plate racers'],
      ['super shoes'],
      ['marathon training plan', 'marathon training'],
      ['first marathon'],
      ['long run', 'long runs'],
      ['tempo run'],
      ['marathon taper', 'taper'],
      ['heel drop', 'heel to toe drop', 'drop'],
      ['stack height'],
      ['toe box'],
      ['race day'],
      ['half marathon'],
    ],
    topics: [
      '/Apparel/Footwear',
      '/Sports/Running & Walking/Road Running',
      '/Sports/Running & Walking',
    ],
    theme: [
      'marathon',
      'running',
      'run',
      'runs',
      'runners',
      'shoe',
      'shoes',
      'midsole',
      'foam',
      'rocker',
      'cushioning',
      'max cushion',
      'intervals',
      'fueling',
      'gels',
      'racing',
      'pr',
      'easy runs',
      'fit',
      'fitted',
    ],
    never: [
      'apex stride',
      'stride racer 2',
      'stride racer',
      'apex',
      'kinetic footwear',
      'kinetic volt',
      'kinetic cloudline',
      'kinetic',
      'cloudline',
      'volt',
    ],
  },
};

const DRIFTWOOD = {
  name: 'Driftwood Roasters',
  website: 'https://www.driftwoodroasters.example',
  description:
    'Specialty coffee roaster: the Harbor Blend, single origin light roasts and the Driftwood pour-over dripper.',
};
const COPPERLINE = {
  name: 'Copperline Coffee',
  website: 'https://www.copperline.example',
  description: 'Coffee gear: the Copperline gooseneck kettle and the C40 Mill hand grinder.',
};
const NORTHBEAN = {
  name: 'Northbean',
  website: 'https://www.northbean.example',
  description: 'Coffee subscription with beans from small farms.',
};

const coffeeBrands: EvalStore = {
  id: 'en-heldout-brands-coffee',
  lang: 'en',
  kind: 'brands',
  brands: { own: DRIFTWOOD, others: [COPPERLINE, NORTHBEAN] },
  channels: [
    {
      id: 'UCbloomAndDrawdown001',
      title: 'Bloom & Drawdown',
      handle: '@bloomanddrawdown',
      description: 'Pour-over coffee at home: recipes, grind size and honest gear reviews.',
      keywords: '"pour over" coffee "coffee recipe"',
    },
  ],
  videos: [
    {
      id: 'bloom000001',
      channelId: 'UCbloomAndDrawdown001',
      title: 'My everyday pour-over recipe with the Harbor Blend',
      description:
        'A 1:16 ratio, 20 grams of coffee and 320 grams of water at 94 degrees. I bloom for 45 seconds, pour in three stages and aim for a 3:30 drawdown. The Driftwood Roasters Harbor Blend is sweet and forgiving for this recipe. I brew in the Driftwood dripper.',
      tags: ['pour over recipe', 'harbor blend', 'driftwood roasters', 'coffee ratio'],
      comments: [
        'Harbor Blend is my morning coffee now.',
        'What grinder setting do you use for this?',
        'Love this channel.',
      ],
    },
    {
      id: 'bloom000002',
      channelId: 'UCbloomAndDrawdown001',
      title: 'Gooseneck kettles tested: does temperature control matter?',
      description:
        'I tested three gooseneck kettles, including the Copperline gooseneck kettle and a cheap stovetop kettle, for flow control and temperature accuracy. For light roasts a stable 94 degrees makes a visible difference in extraction.',
      tags: ['gooseneck kettle', 'kettle review', 'copperline kettle', 'pour over gear'],
      comments: [
        'The Copperline kettle looks great but it is pricey.',
        'Flow control matters more than temperature for me.',
      ],
    },
    {
      id: 'bloom000003',
      channelId: 'UCbloomAndDrawdown001',
      title: 'Grind size for pour-over: fixing sour and bitter cups',
      description:
        'Sour cup? Grind finer. Bitter and slow drawdown? Grind coarser. I dial in a single origin light roast from Driftwood Roasters on a C40 Mill hand grinder and show how grind size changes extraction and brew time.',
      tags: ['grind size', 'pour over grind size', 'light roast', 'coffee extraction'],
      comments: [
        'Sour means finer, finally I remember it.',
        'Is the C40 Mill worth it over an electric grinder?',
        'Northbean beans work great with this method too.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['pour over', 'pour over coffee', 'pour-over', 'pour-over coffee'],
      ['pour over recipe', 'pour-over recipe', 'everyday pour-over recipe'],
      ['harbor blend', 'driftwood roasters harbor blend'],
      ['driftwood roasters', 'driftwood'],
      ['driftwood dripper', 'dripper'],
      ['coffee ratio', 'ratio'],
      ['bloom'],
      ['drawdown'],
      ['gooseneck kettle', 'gooseneck kettles'],
      ['temperature control'],
      ['grind size', 'pour over grind size'],
      ['light roast', 'light roasts', 'single origin light roast'],
      ['single origin'],
      ['extraction', 'coffee extraction'],
      ['hand grinder'],
      ['flow control'],
    ],
    topics: [
      '/Food & Drink/Beverages/Coffee & Tea/Pour-Over & Filter Coffee',
      '/Food & Drink/Beverages/Coffee & Tea',
    ],
    theme: [
      'coffee',
      'brew',
      'brewing',
      'grind',
      'grinder',
      'kettle',
      'cup',
      'cups',
      'sour',
      'bitter',
      'beans',
      'roast',
      'water',
      'recipe',
      'brew time',
      'stovetop kettle',
      'electric grinder',
      'grinder setting',
    ],
    never: [
      'copperline',
      'copperline coffee',
      'copperline gooseneck kettle',
      'copperline kettle',
      'c40 mill',
      'c40',
      'northbean',
    ],
  },
};

const LUMEN = {
  name: 'Lumen Optics',
  website: 'https://www.lumenoptics.example',
  description:
    'Lenses and tripods for travel photographers: the Lumen 35mm f/1.8 prime and the Trailpod carbon tripod.',
};
const VANTAGE = {
  name: 'Vantage Cameras',
  website: 'https://www.vantagecameras.example',
  description: 'Mirrorless cameras for enthusiasts, from the Vantage X5 to the Vantage Z9 Pro.',
};

const cameraBrands: EvalStore = {
  id: 'en-heldout-brands-camera',
  lang: 'en',
  kind: 'brands',
  brands: { own: LUMEN, others: [VANTAGE] },
  channels: [
    {
      id: 'UCgoldenHourFrames001',
      title: 'Golden Hour Frames',
      handle: '@goldenhourframes',
      description:
        'Landscape and travel photography: composition, light and the gear that fits in a daypack.',
      keywords: '"landscape photography" "travel photography" composition',
    },
  ],
  videos: [
    {
      id: 'frame000001',
      channelId: 'UCgoldenHourFrames001',
      title: 'Landscape photography at golden hour: 5 composition tips',
      description:
        'Golden hour light is soft and warm. Five composition tips: a strong foreground, leading lines, the rule of thirds, a low horizon for dramatic skies and a polarizing filter to cut glare on water. Shot on a Vantage X5 with the Lumen 35mm f/1.8.',
      tags: ['landscape photography', 'golden hour', 'composition tips', 'leading lines'],
      comments: [
        'Foreground interest is what my photos were missing.',
        'The polarizing filter tip is gold.',
        'Amazing shots!',
      ],
    },
    {
      id: 'frame000002',
      channelId: 'UCgoldenHourFrames001',
      title: 'Is a carbon travel tripod worth it? Trailpod after one year',
      description:
        'The Lumen Trailpod weighs 1.2 kg, folds to 40 cm and held steady for long exposure shots at the coast. I compare it with an aluminium tripod and show the ball head, the leg locks and how it handles wind.',
      tags: ['travel tripod', 'carbon tripod', 'lumen trailpod', 'long exposure'],
      comments: [
        'Trailpod leg locks look so quick.',
        'Long exposure waves at the coast look incredible.',
      ],
    },
    {
      id: 'frame000003',
      channelId: 'UCgoldenHourFrames001',
      title: 'Prime lens for travel photography: why I only carry a 35mm',
      description:
        'One prime lens makes you move your feet. The Lumen 35mm f/1.8 is sharp wide open, light and great in low light. I used it for street photography in Lisbon and on a Vantage Z9 Pro for a week. Shallow depth of field without a heavy zoom lens.',
      tags: ['prime lens', '35mm lens', 'travel photography', 'street photography', 'lumen 35mm'],
      comments: [
        '35mm is the perfect travel focal length.',
        'The Vantage Z9 Pro is way out of my budget.',
        'Lisbon looks so good in these photos.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['landscape photography'],
      ['travel photography'],
      ['golden hour', 'golden hour light'],
      ['composition', 'composition tips'],
      ['leading lines'],
      ['rule of thirds'],
      ['polarizing filter'],
      ['foreground', 'strong foreground', 'foreground interest'],
      ['lumen 35mm', 'lumen 35mm f/1.8', 'lumen 35mm f 1.8', '35mm lens', '35mm'],
      ['lumen trailpod', 'trailpod'],
      ['lumen optics', 'lumen'],
      ['travel tripod', 'carbon tripod', 'carbon travel tripod', 'tripod'],
      ['long exposure'],
      ['prime lens'],
      ['street photography'],
      ['depth of field', 'shallow depth of field'],
      ['ball head'],
    ],
    topics: [
      '/Hobbies & Leisure/Photography',
      '/Computers & Electronics/Consumer Electronics/Cameras & Drones',
    ],
    theme: [
      'photography',
      'photos',
      'photo',
      'shots',
      'lens',
      'lenses',
      'camera',
      'zoom lens',
      'focal length',
      'low light',
      'wide open',
      'light',
      'horizon',
      'skies',
      'exposure',
      'leg locks',
      'aluminium tripod',
      'lisbon',
      'coast',
    ],
    never: ['vantage', 'vantage cameras', 'vantage x5', 'vantage z9 pro', 'z9 pro', 'x5'],
  },
};

/** A 2006-style upload: one video, a title and a line of description, its uploader's tags held out as the labels. */
function upload(
  id: string,
  lang: EvalStore['lang'],
  user: string,
  title: string,
  description: string,
  tags: string[][],
  topics: string[],
  comments: string[] = [],
): EvalStore {
  const channelId = `UC${user
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(22, '0')
    .slice(0, 22)}`;
  return {
    id,
    lang,
    kind: 'sparse',
    channels: [{ id: channelId, title: user, handle: `@${user}`, description: '' }],
    videos: [{ id: `${id.slice(0, 8)}h01`, channelId, title, description, comments }],
    gold: { keywords: tags, topics },
  };
}

const UPLOADS: EvalStore[] = [
  upload(
    'en-heldout-upload-surf',
    'en',
    'socalsurfer',
    'surfing at huntington beach',
    'caught some waves at huntington beach this morning on my new longboard. glassy conditions',
    [['surfing', 'surf'], ['huntington beach'], ['longboard'], ['waves'], ['california']],
    ['/Sports/Water Sports'],
    ['looks fun dude'],
  ),
  upload(
    'en-heldout-upload-drums',
    'en',
    'drumkid2006',
    'drum cover - seven nation army',
    'my drum cover of seven nation army by the white stripes on my new pearl kit',
    [
      ['drums', 'drum'],
      ['drum cover'],
      ['white stripes', 'the white stripes'],
      ['seven nation army'],
      ['pearl', 'pearl kit'],
    ],
    ['/Music & Audio/Musical Instruments', '/Music & Audio'],
  ),
  upload(
    'en-heldout-upload-hamster',
    'en',
    'nibblesfan',
    'hamster running in his ball',
    'nibbles the hamster racing around the living room in his exercise ball',
    [['hamster'], ['nibbles'], ['pet'], ['funny'], ['hamster ball', 'exercise ball']],
    ['/Pets & Animals'],
    ['sooo cute'],
  ),
  upload(
    'en-heldout-upload-cookies',
    'en',
    'bakingwithbeth',
    'chocolate chip cookies recipe',
    'soft and chewy chocolate chip cookies with brown butter. best cookies ever',
    [
      ['cookies'],
      ['chocolate chip cookies', 'chocolate chip cookies recipe'],
      ['baking'],
      ['recipe'],
      ['dessert'],
      ['brown butter'],
    ],
    ['/Food & Drink/Cooking & Recipes/Baking', '/Food & Drink/Cooking & Recipes'],
  ),
  upload(
    'en-heldout-upload-canyon',
    'en',
    'vegasvacay',
    'grand canyon helicopter tour',
    'helicopter flight over the grand canyon from las vegas. the colors were unreal',
    [
      ['grand canyon'],
      ['helicopter', 'helicopter tour', 'helicopter flight'],
      ['las vegas'],
      ['arizona'],
      ['vacation'],
    ],
    ['/Travel/Destinations/North America', '/Travel'],
  ),
  upload(
    'de-heldout-upload-tor',
    'de',
    'kicker2006',
    'mein erstes tor im verein',
    'fussball spiel am samstag, mein erstes tor für die c jugend',
    [['fussball', 'fußball'], ['tor', 'erstes tor'], ['c jugend'], ['verein']],
    ['/Sports/Team Sports', '/Sports'],
  ),
  upload(
    'pt-heldout-upload-brigadeiro',
    'pt',
    'docesdaju',
    'receita de brigadeiro',
    'brigadeiro de panela facil com leite condensado e chocolate',
    [
      ['brigadeiro', 'brigadeiro de panela'],
      ['receita', 'receita de brigadeiro'],
      ['doce'],
      ['chocolate'],
      ['leite condensado'],
    ],
    ['/Food & Drink/Cooking & Recipes'],
  ),
  upload(
    'en-heldout-upload-cube',
    'en',
    'cubemaster',
    'rubiks cube solved in 20 seconds',
    'solving a rubiks cube in 20 seconds using the fridrich method. f2l and pll',
    [['rubiks cube'], ['speedcubing'], ['fridrich method'], ['puzzle']],
    ['/Games', '/Hobbies & Leisure'],
  ),
];

export const HELD_OUT_SMALL: EvalStore[] = [
  knives,
  beekeeping,
  brakes,
  kombucha,
  aquarium,
  watercolor,
  chess,
  flyFishing,
  runningBrands,
  coffeeBrands,
  cameraBrands,
  ...UPLOADS,
];
