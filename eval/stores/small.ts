// Development stores for small stores (one or two videos), channels of 3-10 videos and stores with
// several brands: the keyword selection of small stores, brands and generic words was tuned looking
// at these. Our own writing; brands and places are named as creators name them, and the brands of
// the workspaces (`brands`) are invented.
import type { EvalStore } from './types.ts';

const castIron: EvalStore = {
  id: 'en-single-castiron',
  lang: 'en',
  kind: 'single-video',
  channels: [
    {
      id: 'UCskilletSundayCook001',
      title: 'Skillet Sunday',
      handle: '@skilletsunday',
      description: '',
    },
  ],
  videos: [
    {
      id: 'skil0000001',
      channelId: 'UCskilletSundayCook001',
      title: 'How to season a cast iron skillet (and fix a rusty one)',
      description:
        'A rusty cast iron skillet is not ruined. Scrub the rust off with steel wool, wash it once with soap, dry it on the stove and wipe on a very thin layer of flaxseed oil or vegetable oil. Bake it upside down at 450 degrees for an hour and repeat three times. After that, cook bacon or cornbread in it and the seasoning builds up on its own. Never leave it soaking in the sink.',
      tags: [
        'cast iron',
        'seasoning cast iron',
        'cast iron skillet',
        'rusty cast iron',
        'cast iron restoration',
      ],
      comments: [
        'Flaxseed oil flaked on me, I switched to crisco and it has been fine.',
        'My grandma never used soap on hers, good to know it is ok.',
        'Thank you! Saved my dad’s old skillet.',
        'What temperature if my oven only goes to 400?',
      ],
    },
  ],
  gold: {
    keywords: [
      ['cast iron', 'cast iron skillet', 'cast iron pan'],
      ['seasoning cast iron', 'season a cast iron skillet', 'cast iron seasoning', 'seasoning'],
      ['rusty cast iron', 'rust', 'rusty skillet'],
      ['cast iron restoration', 'restore cast iron'],
      ['steel wool'],
      ['flaxseed oil'],
      ['vegetable oil'],
      ['cornbread'],
      ['bacon'],
      ['crisco'],
    ],
    topics: ['/Home & Garden/Kitchen & Dining', '/Food & Drink/Cooking & Recipes'],
    theme: ['skillet', 'pan', 'oil', 'oven', 'stove', 'soap', 'bake', 'sink'],
  },
};

const crochet: EvalStore = {
  id: 'en-single-crochet',
  lang: 'en',
  kind: 'single-video',
  channels: [
    {
      id: 'UCloopsAndLatteCraft01',
      title: 'Loops & Latte',
      handle: '@loopsandlatte',
      description: 'Cozy crochet tutorials.',
    },
  ],
  videos: [
    {
      id: 'loop0000001',
      channelId: 'UCloopsAndLatteCraft01',
      title: 'Crochet a classic granny square: step by step for beginners',
      description:
        'The granny square is the best first project in crochet. We start with a magic ring, work chain stitches and double crochet clusters, and join a new color in the corner spaces. I use a 4 mm hook and worsted weight cotton yarn. Sew nine squares together and you have a pillow cover, or keep going for a granny square blanket.',
      tags: ['granny square', 'crochet for beginners', 'crochet tutorial', 'easy crochet'],
      comments: [
        'My first granny square actually looks square!',
        'The magic ring part was so clear, thanks.',
        'What brand of cotton yarn is that?',
        'I am making a whole blanket now.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['granny square', 'classic granny square', 'granny squares'],
      ['crochet', 'crochet for beginners', 'easy crochet', 'crochet tutorial'],
      ['magic ring'],
      ['double crochet', 'double crochet clusters'],
      ['chain stitches', 'chain stitch'],
      ['4 mm hook', 'crochet hook', 'hook'],
      ['cotton yarn', 'worsted weight cotton yarn', 'worsted weight', 'yarn'],
      ['granny square blanket', 'blanket'],
      ['pillow cover'],
      ['corner spaces'],
    ],
    topics: ['/Hobbies & Leisure/Arts & Crafts'],
    theme: ['stitch', 'stitches', 'color', 'squares', 'project', 'first project'],
  },
};

const iphoneVideo: EvalStore = {
  id: 'en-single-iphone',
  lang: 'en',
  kind: 'single-video',
  channels: [
    {
      id: 'UCpocketCinemaTips001',
      title: 'Pocket Cinema',
      handle: '@pocketcinema',
      description: '',
    },
  ],
  videos: [
    {
      id: 'pock0000001',
      channelId: 'UCpocketCinemaTips001',
      title: 'iPhone 15 Pro video settings for cinematic footage',
      description:
        'The settings I use to film on the iPhone 15 Pro: 4K at 24 fps, Apple Log with ProRes when I plan to color grade, and the shutter speed locked at 1/50 with an ND filter in daylight. I lock exposure and focus, turn off auto white balance in the Blackmagic Camera app and shoot on a gimbal for smooth movement. Color grading in DaVinci Resolve at the end.',
      tags: [
        'iphone 15 pro',
        'iphone filmmaking',
        'cinematic video',
        'apple log',
        'blackmagic camera app',
      ],
      comments: [
        'The ND filter tip changed my footage so much.',
        'Apple Log files are huge, what storage do you use?',
        'Does this work on the regular iPhone 15?',
        'Subscribed, great tips.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['iphone 15 pro', 'iphone 15'],
      ['iphone filmmaking', 'iphone video', 'iphone video settings', 'video settings'],
      ['cinematic video', 'cinematic footage', 'cinematic'],
      ['apple log'],
      ['prores'],
      ['4k 24 fps', '24 fps', '4k'],
      ['shutter speed', '180 degree rule'],
      ['nd filter'],
      ['blackmagic camera app', 'blackmagic camera'],
      ['color grade', 'color grading'],
      ['davinci resolve'],
      ['gimbal'],
      ['white balance', 'auto white balance'],
    ],
    topics: [
      '/Arts & Entertainment/Filmmaking & Video Production',
      '/Computers & Electronics/Consumer Electronics/Smartphones',
    ],
    theme: [
      'film',
      'filming',
      'footage',
      'exposure',
      'focus',
      'daylight',
      'storage',
      'smooth movement',
    ],
  },
};

const tortilla: EvalStore = {
  id: 'es-single-tortilla',
  lang: 'es',
  kind: 'single-video',
  channels: [
    {
      id: 'UCcocinaDeLaAbuelaRos1',
      title: 'La Cocina de Rosa',
      handle: '@lacocinaderosa',
      description: '',
    },
  ],
  videos: [
    {
      id: 'rosa0000001',
      channelId: 'UCcocinaDeLaAbuelaRos1',
      title: 'Tortilla de patatas jugosa: la receta de mi abuela',
      description:
        'La tortilla de patatas perfecta lleva patatas, huevos, cebolla, aceite de oliva y sal. Pochamos las patatas a fuego lento en abundante aceite de oliva, las escurrimos y las mezclamos con los huevos batidos. El truco para una tortilla jugosa es cuajarla poco y darle la vuelta con un plato grande. Con cebolla o sin cebolla, tú decides.',
      tags: ['tortilla de patatas', 'receta tortilla', 'tortilla española', 'cocina española'],
      comments: [
        'Siempre con cebolla, sin discusión.',
        'El truco del plato grande me salvó la vida.',
        '¡Qué rica se ve!',
        '¿Qué patatas usas, nuevas o viejas?',
      ],
    },
  ],
  gold: {
    keywords: [
      [
        'tortilla de patatas',
        'tortilla española',
        'tortilla',
        'tortilla jugosa',
        'tortilla de patatas jugosa',
      ],
      ['receta tortilla', 'receta', 'receta de mi abuela'],
      ['cocina española'],
      ['patatas'],
      ['huevos', 'huevos batidos'],
      ['cebolla', 'con cebolla'],
      ['aceite de oliva'],
      ['fuego lento'],
      ['dar la vuelta', 'darle la vuelta'],
    ],
    topics: ['/Food & Drink/Cooking & Recipes'],
    theme: ['cocina', 'sal', 'plato', 'cuajar', 'pochar', 'aceite', 'abuela'],
  },
};

const compost: EvalStore = {
  id: 'fr-single-compost',
  lang: 'fr',
  kind: 'single-video',
  channels: [
    { id: 'UCbalconVertParis0001', title: 'Balcon Vert', handle: '@balconvert', description: '' },
  ],
  videos: [
    {
      id: 'balc0000001',
      channelId: 'UCbalconVertParis0001',
      title: 'Lombricomposteur en appartement : tout pour bien démarrer',
      description:
        "Composter en appartement, c'est possible avec un lombricomposteur. Je vous montre comment installer les plateaux, ajouter les vers de compost et les nourrir avec les épluchures de légumes et le marc de café. On évite les agrumes, l'ail et la viande. Au bout de trois mois, on récolte le lombricompost et le thé de compost pour les plantes du balcon.",
      tags: ['lombricomposteur', 'compost en appartement', 'vers de compost', 'zéro déchet'],
      comments: [
        'Mon lombricomposteur sent un peu, trop d’épluchures ?',
        'Le thé de compost fait des merveilles sur mes tomates.',
        'Super vidéo, merci !',
      ],
    },
  ],
  gold: {
    keywords: [
      ['lombricomposteur', 'lombricompostage'],
      ['compost en appartement', 'composter en appartement', 'compost'],
      ['vers de compost', 'vers'],
      ['épluchures', 'épluchures de légumes'],
      ['marc de café'],
      ['lombricompost'],
      ['thé de compost'],
      ['zéro déchet'],
      ['plateaux'],
      ['balcon', 'plantes du balcon'],
    ],
    topics: ['/Home & Garden/Gardening', '/Home & Garden'],
    theme: ['composter', 'plantes', 'tomates', 'légumes', 'agrumes', 'récolter'],
  },
};

const balkon: EvalStore = {
  id: 'de-single-balkonkraftwerk',
  lang: 'de',
  kind: 'single-video',
  channels: [
    {
      id: 'UCstromVomBalkon00001',
      title: 'Strom vom Balkon',
      handle: '@stromvombalkon',
      description: '',
    },
  ],
  videos: [
    {
      id: 'strom000001',
      channelId: 'UCstromVomBalkon00001',
      title: 'Balkonkraftwerk anmelden und installieren: Schritt für Schritt',
      description:
        'Ein Balkonkraftwerk mit zwei Solarmodulen und einem Wechselrichter mit 800 Watt. Ich zeige die Halterung am Balkongeländer, den Anschluss über die Schukosteckdose und die Anmeldung im Marktstammdatenregister. Mit einem Strommessgerät sehen wir, wie viel Solarstrom wir selbst verbrauchen und wann sich die Anlage amortisiert.',
      tags: ['balkonkraftwerk', 'solaranlage balkon', 'wechselrichter', 'marktstammdatenregister'],
      comments: [
        'Die Anmeldung war bei mir in zehn Minuten erledigt.',
        'Welche Halterung nutzt du genau?',
        'Danke, sehr hilfreich!',
      ],
    },
  ],
  gold: {
    keywords: [
      ['balkonkraftwerk', 'balkonkraftwerk anmelden', 'balkonkraftwerk installieren'],
      ['solarmodule', 'solarmodulen', 'solaranlage balkon', 'solaranlage'],
      ['wechselrichter'],
      ['800 watt'],
      ['halterung', 'balkongeländer'],
      ['schukosteckdose'],
      ['marktstammdatenregister', 'anmeldung'],
      ['solarstrom'],
      ['strommessgerät'],
    ],
    topics: ['/Home & Garden/Home Improvement', '/Home & Garden'],
    theme: ['balkon', 'strom', 'solar', 'anlage', 'watt', 'anschluss'],
  },
};

const bonsai: EvalStore = {
  id: 'en-small-bonsai',
  lang: 'en',
  kind: 'small',
  channels: [
    {
      id: 'UCpatientBranchBonsai1',
      title: 'Patient Branch',
      handle: '@patientbranch',
      description: 'Bonsai for beginners, one tree at a time.',
    },
  ],
  videos: [
    {
      id: 'bons0000001',
      channelId: 'UCpatientBranchBonsai1',
      title: 'Juniper bonsai from a nursery tree: first styling',
      description:
        'A ten dollar juniper from the garden center becomes a bonsai. I choose the front, remove the lower branches, wire the trunk with aluminium wire and set the first branches. No repotting in the same year as heavy styling.',
      tags: ['juniper bonsai', 'bonsai for beginners', 'nursery stock bonsai', 'bonsai styling'],
      comments: [
        'Nursery stock is the best way to start, agreed.',
        'How long do you leave the wire on?',
      ],
    },
    {
      id: 'bons0000002',
      channelId: 'UCpatientBranchBonsai1',
      title: 'Repotting a bonsai: root pruning and bonsai soil',
      description:
        'Early spring is repotting time. I tease out the roots, prune the thick roots, and repot into a bonsai pot with a mix of akadama, pumice and lava rock. Water it in well and keep it out of the wind for two weeks.',
      tags: ['bonsai repotting', 'root pruning', 'bonsai soil', 'akadama'],
      comments: [
        'Akadama is so expensive here, can I use only pumice?',
        'My juniper is ready for a new pot next spring.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['bonsai', 'bonsai for beginners', 'bonsai tree'],
      ['juniper bonsai', 'juniper'],
      ['nursery stock', 'nursery stock bonsai', 'nursery tree'],
      ['bonsai styling', 'styling', 'first styling'],
      ['wire', 'wiring', 'aluminium wire'],
      ['bonsai repotting', 'repotting', 'repotting a bonsai'],
      ['root pruning'],
      ['bonsai soil'],
      ['akadama'],
      ['pumice'],
      ['lava rock'],
      ['bonsai pot'],
    ],
    topics: ['/Home & Garden/Gardening', '/Hobbies & Leisure'],
    theme: [
      'tree',
      'trunk',
      'branches',
      'roots',
      'pot',
      'garden center',
      'front',
      'lower branches',
    ],
  },
};

const keyboards: EvalStore = {
  id: 'en-channel-keyboards',
  lang: 'en',
  kind: 'themed',
  channels: [
    {
      id: 'UCthockLabKeyboards01',
      title: 'Thock Lab',
      handle: '@thocklab',
      description: 'Mechanical keyboards: builds, switches, keycaps and sound tests.',
      keywords: '"mechanical keyboard" switches keycaps "keyboard build"',
    },
  ],
  videos: [
    {
      id: 'thock000001',
      channelId: 'UCthockLabKeyboards01',
      title: 'Building my first custom mechanical keyboard (75% gasket mount)',
      description:
        'A 75% gasket mount kit, hot swap PCB, lubed linear switches and PBT keycaps. I cover stabilizers, the plate, foam and the first sound test. Total cost under $200.',
      tags: ['custom mechanical keyboard', 'keyboard build', 'gasket mount', '75% keyboard'],
      comments: ['That sound test is so thocky.', 'Hot swap is the way to go for a first build.'],
    },
    {
      id: 'thock000002',
      channelId: 'UCthockLabKeyboards01',
      title: 'Linear vs tactile vs clicky switches explained',
      description:
        'Linear switches are smooth, tactile switches have a bump, clicky switches add a click. I type on Gateron Yellows, Cherry MX Browns and Kailh Box Jades and compare actuation force and sound.',
      tags: ['keyboard switches', 'linear switches', 'tactile switches', 'clicky switches'],
      comments: [
        'Gateron Yellows are the best budget linears.',
        'Box Jades are way too loud for an office.',
      ],
    },
    {
      id: 'thock000003',
      channelId: 'UCthockLabKeyboards01',
      title: 'How to lube switches (and is it worth it?)',
      description:
        'Lubing switches with Krytox 205g0 makes linear switches smoother and quieter. I open the switch, brush the stem and the housing, and lube the springs in a bag. A switch opener and a lube station save hours.',
      tags: ['lube switches', 'switch lubing', 'krytox 205g0'],
      comments: [
        'Bag lubing springs is such a time saver.',
        'Ninety switches took me a whole evening.',
      ],
    },
    {
      id: 'thock000004',
      channelId: 'UCthockLabKeyboards01',
      title: 'Stabilizer mods: fixing a rattly spacebar',
      description:
        'Rattly stabilizers ruin a good keyboard. Clip the stabilizers, lube the wire with dielectric grease and add a band-aid mod under the housing. The spacebar goes from rattle to thock.',
      tags: ['stabilizer mod', 'stabilizers', 'spacebar rattle', 'band-aid mod'],
      comments: [
        'Dielectric grease on the wire fixed my spacebar instantly.',
        'Band-aid mod is such a cheap trick.',
      ],
    },
    {
      id: 'thock000005',
      channelId: 'UCthockLabKeyboards01',
      title: 'PBT vs ABS keycaps: which should you buy?',
      description:
        'PBT keycaps are textured and do not shine, ABS keycaps are smoother and take doubleshot legends well. I compare Cherry profile and SA profile sets and their sound.',
      tags: ['pbt keycaps', 'abs keycaps', 'keycaps', 'cherry profile'],
      comments: ['Cherry profile PBT forever.', 'SA profile looks great but I cannot type on it.'],
    },
  ],
  gold: {
    keywords: [
      ['mechanical keyboard', 'mechanical keyboards', 'custom mechanical keyboard'],
      ['keyboard build', 'custom keyboard', 'building my first custom mechanical keyboard'],
      ['gasket mount'],
      ['75% keyboard'],
      ['hot swap', 'hot swap pcb'],
      ['keyboard switches', 'switches'],
      ['linear switches', 'linears'],
      ['tactile switches'],
      ['clicky switches'],
      ['gateron yellows', 'gateron yellow'],
      ['cherry mx browns', 'cherry mx'],
      ['kailh box jades', 'box jades'],
      ['lube switches', 'switch lubing', 'lubing switches', 'lubed linear switches'],
      ['krytox 205g0', 'krytox'],
      ['stabilizers', 'stabilizer mod', 'stabilizer mods'],
      ['band-aid mod', 'band aid mod'],
      ['spacebar rattle', 'rattly spacebar', 'spacebar'],
      ['keycaps', 'pbt keycaps', 'abs keycaps'],
      ['cherry profile'],
      ['sa profile'],
      ['dielectric grease'],
    ],
    topics: ['/Computers & Electronics', '/Computers & Electronics/Computers & Laptops'],
    theme: [
      'keyboard',
      'keyboards',
      'switch',
      'lube',
      'thock',
      'thocky',
      'sound test',
      'pcb',
      'plate',
      'foam',
      'springs',
      'stem',
      'housing',
      'switch opener',
      'lube station',
      'actuation force',
      'doubleshot legends',
      'pbt',
      'abs',
      'first build',
      'linear',
      'tactile',
      'clicky',
    ],
  },
};

const homebrew: EvalStore = {
  id: 'en-channel-homebrew',
  lang: 'en',
  kind: 'themed',
  channels: [
    {
      id: 'UCgarageBrewDays00001',
      title: 'Garage Brew Days',
      handle: '@garagebrewdays',
      description: 'Homebrewing beer in a garage: all grain brew days, recipes and fermentation.',
      keywords: 'homebrewing "home brewing" "all grain" "beer recipe"',
    },
  ],
  videos: [
    {
      id: 'brew0000001',
      channelId: 'UCgarageBrewDays00001',
      title: 'My first all grain brew day: a simple pale ale',
      description:
        'All grain brewing in a single vessel: mash at 66 degrees for an hour, sparge, a 60 minute boil with Cascade hops, chill with an immersion chiller and pitch a clean ale yeast. Original gravity 1.050.',
      tags: ['all grain brewing', 'pale ale recipe', 'brew day', 'homebrewing'],
      comments: [
        'Single vessel made all grain so much less scary.',
        'Cascade pale ale is a classic first beer.',
      ],
    },
    {
      id: 'brew0000002',
      channelId: 'UCgarageBrewDays00001',
      title: 'Fermentation temperature control on a budget',
      description:
        'Temperature control makes better beer than any recipe. I use a chest freezer with an inkbird controller and a heat belt to hold 19 degrees during fermentation, then cold crash before packaging.',
      tags: ['fermentation temperature', 'fermentation chamber', 'inkbird', 'cold crash'],
      comments: [
        'Chest freezer chamber was the best upgrade I made.',
        'How long do you cold crash?',
      ],
    },
    {
      id: 'brew0000003',
      channelId: 'UCgarageBrewDays00001',
      title: 'Dry hopping a hazy IPA without oxidation',
      description:
        'A hazy IPA lives or dies on dry hopping and oxygen. I dry hop with Citra and Mosaic at high krausen, purge the keg with CO2 and do a closed transfer to keep oxidation away.',
      tags: ['hazy ipa', 'dry hopping', 'neipa', 'closed transfer'],
      comments: [
        'Closed transfer fixed my brown hazy IPAs.',
        'Citra and Mosaic, the perfect combo.',
      ],
    },
    {
      id: 'brew0000004',
      channelId: 'UCgarageBrewDays00001',
      title: 'Kegging vs bottling homebrew: cost and carbonation',
      description:
        'Bottling needs priming sugar and patience, kegging needs a CO2 tank and a kegerator. I compare carbonation, cost and cleaning, and how I force carbonate a keg in two days.',
      tags: ['kegging homebrew', 'bottling beer', 'force carbonation', 'kegerator'],
      comments: [
        'Kegging saved my sanity, no more washing bottles.',
        'Priming sugar calculators are your friend.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['homebrewing', 'home brewing', 'homebrew'],
      ['all grain brewing', 'all grain', 'all grain brew day'],
      ['brew day'],
      ['pale ale', 'pale ale recipe'],
      ['mash'],
      ['sparge'],
      ['immersion chiller'],
      ['cascade hops', 'cascade'],
      ['fermentation temperature', 'temperature control', 'fermentation temperature control'],
      ['fermentation chamber', 'chest freezer'],
      ['inkbird', 'inkbird controller'],
      ['cold crash'],
      ['hazy ipa', 'neipa', 'hazy ipas'],
      ['dry hopping', 'dry hop'],
      ['oxidation'],
      ['closed transfer'],
      ['citra', 'mosaic', 'citra and mosaic'],
      ['kegging', 'kegging homebrew', 'keg'],
      ['bottling', 'bottling beer'],
      ['force carbonation', 'force carbonate', 'carbonation'],
      ['kegerator'],
      ['priming sugar'],
      ['beer recipe'],
    ],
    topics: ['/Food & Drink/Beverages/Beer, Wine & Spirits', '/Food & Drink/Beverages'],
    theme: [
      'beer',
      'brewing',
      'brew',
      'ale',
      'yeast',
      'hops',
      'hop',
      'boil',
      'gravity',
      'original gravity',
      'krausen',
      'co2',
      'co2 tank',
      'single vessel',
      'heat belt',
      'packaging',
      'bottles',
      'ipa',
      'first beer',
    ],
  },
};

const SUMMIT_THREAD = {
  name: 'Summit Thread',
  website: 'https://www.summitthread.example',
  description:
    'Merino wool base layers for hikers and skiers: the Ridge 150 tee and the Summit 250 quarter zip.',
};
const ALPINE_WOOL = {
  name: 'Alpine Wool Co.',
  website: 'https://www.alpinewool.example',
  description: 'Wool clothing from New Zealand, best known for the Alpine 200 crew.',
};
const FJELLKIT = {
  name: 'Fjellkit',
  website: 'https://www.fjellkit.example',
  description: 'Synthetic outdoor layers, including the Fjellkit Hybrid Hoodie.',
};

const baseLayers: EvalStore = {
  id: 'en-brands-baselayers',
  lang: 'en',
  kind: 'brands',
  brands: { own: SUMMIT_THREAD, others: [ALPINE_WOOL, FJELLKIT] },
  channels: [
    {
      id: 'UCcoldCampLayering001',
      title: 'Cold Camp',
      handle: '@coldcamp',
      description: 'Winter hiking and layering systems tested in the cold.',
      keywords: '"winter hiking" layering "base layer"',
    },
  ],
  videos: [
    {
      id: 'cold0000001',
      channelId: 'UCcoldCampLayering001',
      title: 'Merino vs synthetic base layers for winter hiking',
      description:
        'Merino wool stays warm when wet and does not stink after three days, synthetic base layers dry faster and cost less. I wore the Summit Thread Ridge 150 and the Fjellkit Hybrid Hoodie on the same cold hikes and measured drying time.',
      tags: [
        'merino base layer',
        'synthetic base layer',
        'winter hiking',
        'summit thread ridge 150',
      ],
      comments: [
        'Merino for multi day trips, synthetic for day hikes.',
        'The Fjellkit hoodie is great for high output.',
        'Nice comparison!',
      ],
    },
    {
      id: 'cold0000002',
      channelId: 'UCcoldCampLayering001',
      title: 'The layering system I use for winter hiking',
      description:
        'Base layer, mid layer, insulation and shell: a layering system that works from minus 15 to plus 5. My base layer is the Summit Thread Summit 250 quarter zip, with a fleece mid layer, a down jacket for stops and a hardshell for wind.',
      tags: ['layering system', 'winter layering', 'mid layer', 'summit 250 quarter zip'],
      comments: ['The down jacket only at stops tip is so true.', 'What fleece is that?'],
    },
    {
      id: 'cold0000003',
      channelId: 'UCcoldCampLayering001',
      title: 'Is 150 or 250 weight merino better?',
      description:
        'Fabric weight matters: 150 gsm merino breathes for high output, 250 gsm merino is warmer when you stand still. I compare the Summit Thread Ridge 150 with the Alpine 200 crew from Alpine Wool Co. on a ski tour.',
      tags: ['merino wool', 'merino weight', 'ski touring layers', 'base layer'],
      comments: ['The Alpine 200 crew itches on me.', '150 for uphill, 250 for resort days.'],
    },
  ],
  gold: {
    keywords: [
      ['merino base layer', 'merino base layers', 'merino wool', 'merino'],
      ['synthetic base layer', 'synthetic base layers'],
      ['base layer', 'base layers'],
      ['winter hiking'],
      ['summit thread ridge 150', 'ridge 150'],
      ['summit 250 quarter zip', 'summit 250', 'summit thread summit 250 quarter zip'],
      ['summit thread'],
      ['layering system', 'winter layering', 'layering'],
      ['mid layer', 'fleece mid layer'],
      ['down jacket'],
      ['hardshell', 'shell'],
      ['ski touring', 'ski tour', 'ski touring layers'],
      ['fabric weight', 'merino weight', '150 gsm merino', '250 gsm merino'],
    ],
    topics: [
      '/Apparel/Outdoor Apparel',
      '/Hobbies & Leisure/Outdoors/Hiking & Backpacking',
      '/Sports/Winter Sports',
    ],
    theme: [
      'wool',
      'insulation',
      'fleece',
      'hikes',
      'hiking',
      'drying time',
      'cold',
      'warm',
      'high output',
      'uphill',
      'day hikes',
      'multi day trips',
      'quarter zip',
    ],
    never: [
      'fjellkit',
      'fjellkit hybrid hoodie',
      'hybrid hoodie',
      'alpine wool co',
      'alpine wool',
      'alpine 200 crew',
      'alpine 200',
    ],
  },
};

const KETTLE_BURR = {
  name: 'Kettle & Burr',
  website: 'https://www.kettleandburr.example',
  description:
    'Home espresso grinders: the Burrside 48 single dose grinder and the Burrside Mini hand grinder.',
};
const GRINDHAUS = {
  name: 'Grindhaus',
  website: 'https://www.grindhaus.example',
  description: 'Flat burr espresso grinders. Our Grindhaus Pro 64 is made for espresso lovers.',
};

const grinders: EvalStore = {
  id: 'en-brands-grinders',
  lang: 'en',
  kind: 'brands',
  brands: { own: KETTLE_BURR, others: [GRINDHAUS] },
  channels: [
    {
      id: 'UCsingleDoseCafe00001',
      title: 'Single Dose Cafe',
      handle: '@singledosecafe',
      description: 'Espresso at home on a budget: grinders, machines and workflow.',
      keywords: 'espresso "home espresso" "espresso grinder"',
    },
  ],
  videos: [
    {
      id: 'dose0000001',
      channelId: 'UCsingleDoseCafe00001',
      title: 'Burrside 48 vs Grindhaus Pro 64: single dose grinders for espresso',
      description:
        'Two single dose grinders under $500. The Burrside 48 has conical burrs and almost zero retention, the Grindhaus Pro 64 has 64 mm flat burrs and more clarity in the cup. I pulled the same light roast on both with a bottomless portafilter.',
      tags: ['single dose grinder', 'burrside 48', 'grindhaus pro 64', 'espresso grinder'],
      comments: [
        'Zero retention is why I went single dose.',
        'Flat burrs for light roasts, every time.',
        'Which one would you buy?',
      ],
    },
    {
      id: 'dose0000002',
      channelId: 'UCsingleDoseCafe00001',
      title: 'Conical vs flat burrs: what changes in the cup',
      description:
        'Conical burrs give body and forgiveness, flat burrs give clarity. I dialed in a medium roast and a light roast on conical and flat burr grinders and tasted blind. Grind size steps and burr alignment matter too.',
      tags: ['conical burrs', 'flat burrs', 'espresso taste', 'burr grinder'],
      comments: [
        'Blind tasting is the only honest way to compare.',
        'Medium roast on conical is so chocolatey.',
      ],
    },
    {
      id: 'dose0000003',
      channelId: 'UCsingleDoseCafe00001',
      title: 'Hand grinder for espresso? Burrside Mini tested',
      description:
        'Can a hand grinder keep up with espresso? The Burrside Mini has stepless adjustment and takes about 40 seconds for 18 grams. Great for travel and for a first home espresso setup.',
      tags: ['hand grinder', 'burrside mini', 'espresso on a budget', 'home espresso setup'],
      comments: [
        'Forty seconds is fine for one shot a day.',
        'Stepless adjustment is a must for espresso.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['espresso', 'home espresso', 'espresso at home'],
      ['espresso grinder', 'espresso grinders'],
      ['single dose grinder', 'single dose grinders', 'single dose'],
      ['burrside 48'],
      ['burrside mini'],
      ['kettle & burr', 'kettle and burr', 'kettle burr'],
      ['conical burrs', 'conical'],
      ['flat burrs', 'flat burr grinders', 'flat burr'],
      ['burr grinder'],
      ['retention', 'zero retention'],
      ['hand grinder'],
      ['light roast', 'light roasts'],
      ['medium roast'],
      ['bottomless portafilter'],
      ['stepless adjustment'],
      ['home espresso setup'],
      ['espresso on a budget'],
      ['grind size'],
    ],
    topics: [
      '/Food & Drink/Beverages/Coffee & Tea/Home Espresso',
      '/Food & Drink/Beverages/Coffee & Tea',
    ],
    theme: [
      'grinder',
      'grinders',
      'burrs',
      'burr',
      'coffee',
      'shot',
      'cup',
      'clarity',
      'body',
      'roast',
      'dial',
      'dialed',
      'blind tasting',
      'burr alignment',
      'taste',
      '18 grams',
    ],
    never: ['grindhaus', 'grindhaus pro 64', 'pro 64'],
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
    videos: [{ id: `${id.slice(0, 8)}001`, channelId, title, description, comments }],
    gold: { keywords: tags, topics },
  };
}

const UPLOADS: EvalStore[] = [
  upload(
    'en-upload-frisbee',
    'en',
    'buddysdad',
    'buddy the border collie catches frisbee',
    'my dog buddy catching a frisbee at the park. he never misses!! border collies are the best',
    [
      ['dog', 'my dog'],
      ['border collie', 'border collies'],
      ['frisbee'],
      ['park'],
      ['buddy'],
      ['funny'],
    ],
    ['/Pets & Animals/Dogs'],
    ['what a good boy'],
  ),
  upload(
    'en-upload-solo',
    'en',
    'shredder1987',
    'sweet child o mine solo cover',
    'me playing the sweet child o mine guitar solo on my les paul. took me 3 months to learn',
    [
      ['guitar', 'guitar solo'],
      ['solo'],
      ['sweet child o mine'],
      ['guns n roses'],
      ['les paul'],
      ['cover'],
    ],
    ['/Music & Audio/Musical Instruments', '/Music & Audio'],
  ),
  upload(
    'en-upload-snowboard',
    'en',
    'powderhound22',
    'first time snowboarding at mammoth',
    'my first day snowboarding at mammoth mountain. fell like 100 times lol',
    [
      ['snowboarding', 'snowboard'],
      ['mammoth', 'mammoth mountain'],
      ['snow'],
      ['fail'],
      ['winter'],
    ],
    ['/Sports/Winter Sports'],
    ['we all start somewhere haha'],
  ),
  upload(
    'en-upload-pancakes',
    'en',
    'kitchenkate',
    'how to make pancakes',
    'easy fluffy pancakes from scratch with buttermilk. my moms recipe',
    [
      ['pancakes', 'fluffy pancakes'],
      ['recipe'],
      ['breakfast'],
      ['cooking'],
      ['buttermilk', 'buttermilk pancakes'],
    ],
    ['/Food & Drink/Cooking & Recipes'],
  ),
  upload(
    'en-upload-mustang',
    'en',
    'garagejoe69',
    'my 1969 mustang restoration',
    'restoring my dads 1969 ford mustang fastback. new paint and a rebuilt 302 engine',
    [
      ['mustang', 'ford mustang', '1969 mustang', '1969 ford mustang'],
      ['ford'],
      ['1969'],
      ['restoration', 'mustang restoration'],
      ['classic car'],
      ['fastback', 'mustang fastback'],
    ],
    ['/Autos & Vehicles/Cars & Trucks', '/Autos & Vehicles'],
    ['sweet ride man'],
  ),
  upload(
    'es-upload-gato',
    'es',
    'pelusaygatos',
    'mi gato durmiendo en el teclado',
    'mi gato pelusa se duerme siempre encima del teclado del ordenador',
    [['gato', 'mi gato'], ['pelusa'], ['teclado'], ['gracioso']],
    ['/Pets & Animals/Cats'],
  ),
  upload(
    'fr-upload-eiffel',
    'fr',
    'parisnocturne',
    'tour eiffel de nuit',
    'la tour eiffel qui scintille a minuit, vue du trocadero',
    [['tour eiffel'], ['paris'], ['nuit'], ['trocadero']],
    ['/Travel/Destinations/Europe', '/Travel'],
  ),
  upload(
    'en-upload-cardtrick',
    'en',
    'magicmike06',
    'card trick tutorial',
    'learn this easy card trick with any deck of cards. the spectator picks a card and it comes back on top',
    [
      ['magic'],
      ['card trick', 'easy card trick'],
      ['tutorial', 'card trick tutorial'],
      ['magic tricks'],
      ['cards', 'deck of cards'],
    ],
    ['/Hobbies & Leisure', '/Arts & Entertainment'],
  ),
];

/** "té" (tea) differs from "te" (you) only by its accent, which ad platforms match as the same keyword. */
const matcha: EvalStore = {
  id: 'es-single-matcha',
  lang: 'es',
  kind: 'single-video',
  channels: [
    {
      id: 'UChojaYBatidor0000001',
      title: 'Hoja y Batidor',
      handle: '@hojaybatidor',
      description: '',
    },
  ],
  videos: [
    {
      id: 'batid000001',
      channelId: 'UChojaYBatidor0000001',
      title: 'Té matcha: cómo prepararlo con batidor de bambú',
      description:
        'El té matcha se prepara con batidor, no con cuchara. Tamizamos dos gramos de polvo en el cuenco, añadimos agua a 75 grados y batimos en zigzag hasta lograr una espuma fina. Un té ceremonial se toma solo; para un matcha latte, añade leche de avena. Guarda tu té en la nevera y lejos de la luz.',
      tags: ['té', 'matcha', 'té matcha', 'batidor de bambú', 'chasen', 'matcha latte'],
      comments: [
        'Mi té matcha siempre queda con grumos, ¿hay que tamizarlo sí o sí?',
        '¿Qué agua usas para el té, filtrada?',
        '¡Gracias, por fin me sale la espuma!',
      ],
    },
  ],
  gold: {
    keywords: [
      ['té matcha', 'matcha'],
      ['batidor de bambú', 'chasen', 'batidor'],
      ['matcha latte'],
      ['té ceremonial'],
      ['polvo de matcha'],
      ['espuma', 'espuma fina'],
      ['cuenco'],
      ['leche de avena'],
      ['tamizar'],
    ],
    topics: ['/Food & Drink/Beverages/Coffee & Tea', '/Food & Drink/Beverages', '/Food & Drink'],
    theme: ['té', 'té verde', 'ceremonial', 'agua', 'grumos'],
  },
};

export const SMALL_AND_BRANDS: EvalStore[] = [
  matcha,
  castIron,
  crochet,
  iphoneVideo,
  tortilla,
  compost,
  balkon,
  bonsai,
  keyboards,
  homebrew,
  baseLayers,
  grinders,
  ...UPLOADS,
];
