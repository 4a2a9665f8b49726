// English stores of the evaluation: themed channels, single videos, sponsor-heavy channels and
// sparse 2006-style uploads. Our own writing; brands and places are named as creators name them.
import type { EvalStore } from './types.ts';

const CRUMB_FOOTER = `Flour I use: https://www.crumbandcrust.example/flour
My bread book: https://www.crumbandcrust.example/book
Instagram: https://instagram.com/crumbandcrust
Music by Epidemic Sound`;

const sourdough: EvalStore = {
  id: 'en-sourdough',
  lang: 'en',
  kind: 'themed',
  channels: [
    {
      id: 'UCcrumbAndCrust00000001',
      title: 'Crumb & Crust',
      handle: '@crumbandcrust',
      description:
        'Sourdough bread at home, from a young starter to an open crumb. New bakes every Sunday.\nhttps://www.crumbandcrust.example',
      keywords: 'sourdough "sourdough bread" baking "bread baking" "sourdough starter"',
    },
  ],
  videos: [
    {
      id: 'crumb000001',
      channelId: 'UCcrumbAndCrust00000001',
      title: 'How to make a sourdough starter from scratch (7 days)',
      description: `A sourdough starter needs only flour, water and time. I feed mine with whole wheat flour for the first three days, then switch to bread flour. Day four is when most starters go quiet, so do not give up.\n0:00 intro\n1:20 day one\n4:45 feeding schedule\n\n${CRUMB_FOOTER}`,
      tags: ['sourdough starter', 'sourdough', 'starter from scratch', 'bread baking'],
      comments: [
        'My starter went flat on day four exactly like you said, and then it doubled on day six!',
        'Can I use rye flour instead of whole wheat flour for the first feedings?',
        'Finally a starter guide without a list of gadgets.',
      ],
    },
    {
      id: 'crumb000002',
      channelId: 'UCcrumbAndCrust00000001',
      title: 'My everyday sourdough bread recipe, step by step',
      description: `This is the loaf I bake every week: 75% hydration, an overnight cold proof and a Dutch oven. We go through the autolyse, stretch and folds, shaping and scoring.\n\n${CRUMB_FOOTER}`,
      tags: ['sourdough bread', 'sourdough recipe', 'dutch oven bread', 'bread baking'],
      comments: [
        'The overnight cold proof made my crumb so much more open.',
        'What size Dutch oven do you use for this loaf?',
        'Stretch and folds finally make sense to me now.',
      ],
    },
    {
      id: 'crumb000003',
      channelId: 'UCcrumbAndCrust00000001',
      title: 'Why is my sourdough dense? 5 fixes for a better crumb',
      description: `A dense crumb usually means an underproofed dough or a sluggish starter. Here are five fixes: warmer bulk fermentation, a stronger starter, less whole wheat flour, better shaping and a hotter Dutch oven.\n\n${CRUMB_FOOTER}`,
      tags: ['sourdough', 'dense sourdough', 'bulk fermentation', 'open crumb'],
      comments: [
        'Bulk fermentation was my problem all along, my kitchen is cold.',
        'Fix number two saved my loaf, thank you.',
      ],
    },
    {
      id: 'crumb000004',
      channelId: 'UCcrumbAndCrust00000001',
      title: 'Scoring sourdough: ear, wheat stalk and leaf patterns',
      description: `Scoring is the last step before the oven. A sharp lame, a confident angle and a well shaped loaf give you a proper ear. I also show a wheat stalk and a simple leaf pattern.\n\n${CRUMB_FOOTER}`,
      tags: ['scoring sourdough', 'bread scoring', 'sourdough', 'bread lame'],
      comments: [
        'The wheat stalk pattern looks so good on a batard.',
        'My lame drags through the dough, should I cut faster?',
      ],
    },
  ],
  gold: {
    keywords: [
      ['sourdough', 'sourdough bread'],
      ['sourdough starter', 'starter'],
      ['bread baking', 'baking bread'],
      ['sourdough recipe', 'sourdough bread recipe'],
      ['dutch oven', 'dutch oven bread'],
      ['bulk fermentation'],
      ['open crumb', 'crumb'],
      ['scoring sourdough', 'bread scoring', 'scoring'],
      ['whole wheat flour'],
      ['stretch and folds', 'stretch and fold'],
      ['cold proof', 'overnight cold proof'],
      ['bread flour'],
      ['bread lame', 'lame'],
      ['dense sourdough', 'dense crumb'],
    ],
    topics: ['/Food & Drink/Cooking & Recipes/Baking'],
    theme: [
      'bread',
      'loaf',
      'dough',
      'flour',
      'proof',
      'baking',
      'bake',
      'bakes',
      'oven',
      'levain',
      'hydration',
      'autolyse',
      'shaping',
      'crust',
      'rye',
      'fermentation',
      'batard',
      'ear',
      'wheat stalk',
      'leaf pattern',
      'rye flour',
      'feeding',
      'feeding schedule',
      'underproofed',
    ],
  },
};

const finance: EvalStore = {
  id: 'en-finance',
  lang: 'en',
  kind: 'themed',
  channels: [
    {
      id: 'UCdebtFreeDiaries000001',
      title: 'Debt Free Diaries',
      handle: '@debtfreediaries',
      description:
        'Paying off $68,000 of student loans on a teacher salary. Budgeting, student loan repayment plans and honest numbers.',
      keywords: 'budgeting "student loans" "personal finance" "debt payoff"',
    },
  ],
  videos: [
    {
      id: 'debt0000001',
      channelId: 'UCdebtFreeDiaries000001',
      title: 'Income driven repayment plans explained (SAVE, PAYE, IBR)',
      description:
        'Income driven repayment plans set your monthly student loan payment from your income. I compare SAVE, PAYE and IBR with my own numbers and explain when income driven repayment leads to loan forgiveness.\n\nNot financial advice.\nSpreadsheet: https://debtfreediaries.example/sheet',
      tags: [
        'income driven repayment',
        'student loans',
        'student loan repayment',
        'loan forgiveness',
      ],
      comments: [
        'Income driven repayment cut my payment in half.',
        'Does PAYE still exist for new borrowers?',
        'The comparison table at the end is gold.',
      ],
    },
    {
      id: 'debt0000002',
      channelId: 'UCdebtFreeDiaries000001',
      title: 'Public Service Loan Forgiveness: my 10 year plan as a teacher',
      description:
        'Public Service Loan Forgiveness forgives what is left after 120 qualifying payments. As a public school teacher I am on track, and here is how I certify employment every year.\n\nNot financial advice.\nSpreadsheet: https://debtfreediaries.example/sheet',
      tags: ['public service loan forgiveness', 'pslf', 'student loans', 'teacher'],
      comments: [
        'PSLF paperwork is a nightmare, thanks for the checklist.',
        'Certify employment every year, lesson learned the hard way.',
      ],
    },
    {
      id: 'debt0000003',
      channelId: 'UCdebtFreeDiaries000001',
      title: 'My zero based budget for a $3,900 paycheck',
      description:
        'Every dollar gets a job: rent, groceries, student loan payment, sinking funds and the emergency fund. A zero based budget keeps me honest on a teacher salary.\n\nNot financial advice.\nSpreadsheet: https://debtfreediaries.example/sheet',
      tags: ['zero based budget', 'budgeting', 'sinking funds', 'emergency fund'],
      comments: [
        'Sinking funds changed how I handle car repairs.',
        'Zero based budgeting is the only thing that worked for me.',
      ],
    },
    {
      id: 'debt0000004',
      channelId: 'UCdebtFreeDiaries000001',
      title: 'Debt avalanche vs debt snowball with real student loans',
      description:
        'I ran both methods on my eleven student loans. The debt avalanche saves more interest, the debt snowball gives quicker wins. Here is what I chose and why.\n\nNot financial advice.\nSpreadsheet: https://debtfreediaries.example/sheet',
      tags: ['debt avalanche', 'debt snowball', 'student loans', 'debt payoff'],
      comments: [
        'Snowball kept me motivated when avalanche did not.',
        'Eleven loans, I feel seen.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['student loans', 'student loan'],
      ['income driven repayment', 'income driven repayment plans'],
      ['public service loan forgiveness', 'pslf'],
      ['loan forgiveness'],
      ['student loan repayment', 'student loan payment'],
      ['zero based budget', 'zero based budgeting'],
      ['budgeting', 'budget'],
      ['sinking funds', 'sinking fund'],
      ['emergency fund'],
      ['debt avalanche'],
      ['debt snowball'],
      ['debt payoff', 'paying off debt'],
      ['teacher salary'],
      ['personal finance'],
    ],
    topics: ['/Finance/Personal Finance & Budgeting'],
    theme: [
      'loan',
      'loans',
      'debt',
      'repayment',
      'forgiveness',
      'qualifying payments',
      'payments',
      'interest',
      'budget',
      'paycheck',
      'salary',
      'savings',
      'rent',
      'groceries',
      'financial',
      'finance',
      'money',
      'refinancing',
      'idr',
    ],
  },
};

const guitar: EvalStore = {
  id: 'en-guitar',
  lang: 'en',
  kind: 'themed',
  channels: [
    {
      id: 'UCtoneBenchGuitars00001',
      title: 'Tone Bench',
      handle: '@tonebench',
      description:
        'Electric guitar pickups, wiring mods and pedals, tested on the bench and played through a real amp.',
      keywords: '"electric guitar" pickups "guitar pedals" "guitar wiring"',
    },
  ],
  videos: [
    {
      id: 'tone0000001',
      channelId: 'UCtoneBenchGuitars00001',
      title: 'Humbucker vs single coil pickups: blind test on one Stratocaster',
      description:
        'Same guitar, same amp, same player. We swap a humbucker and a single coil pickup in the bridge of a Stratocaster and you guess which is which. Clean, crunch and high gain clips.\n\nGear list: https://tonebench.example/gear\nSome links are affiliate links.',
      tags: ['humbucker', 'single coil', 'guitar pickups', 'stratocaster'],
      comments: [
        'Got 4 of 5 right, the humbucker gives itself away on the crunch clip.',
        'Single coil hum was obvious on the clean clip.',
      ],
    },
    {
      id: 'tone0000002',
      channelId: 'UCtoneBenchGuitars00001',
      title: 'Guitar wiring 101: pots, capacitors and a treble bleed mod',
      description:
        'Inside the control cavity: 500k pots, a tone capacitor and the treble bleed mod that keeps your sound bright when you roll the volume down. Soldering tips for beginners included.\n\nGear list: https://tonebench.example/gear\nSome links are affiliate links.',
      tags: ['guitar wiring', 'treble bleed', 'tone capacitor', 'soldering'],
      comments: [
        'The treble bleed mod is the best cheap upgrade I ever did.',
        'Which capacitor value do you use with 500k pots?',
      ],
    },
    {
      id: 'tone0000003',
      channelId: 'UCtoneBenchGuitars00001',
      title: 'Building a pedalboard: overdrive, delay and a tuner on a budget',
      description:
        'A first pedalboard needs a tuner, an overdrive pedal and a delay pedal. I wire power and patch cables and talk signal chain order.\n\nGear list: https://tonebench.example/gear\nSome links are affiliate links.',
      tags: ['pedalboard', 'overdrive pedal', 'delay pedal', 'signal chain'],
      comments: [
        'Signal chain order finally explained simply.',
        'Overdrive into delay, never the other way round.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['electric guitar'],
      ['guitar pickups', 'pickups'],
      ['humbucker'],
      ['single coil', 'single coil pickup'],
      ['stratocaster'],
      ['guitar wiring', 'wiring'],
      ['treble bleed', 'treble bleed mod'],
      ['tone capacitor', 'capacitor'],
      ['pedalboard'],
      ['overdrive pedal', 'overdrive'],
      ['delay pedal', 'delay'],
      ['signal chain'],
      ['soldering'],
      ['guitar pedals'],
    ],
    topics: ['/Music & Audio/Musical Instruments'],
    theme: [
      'guitar',
      'amp',
      'pickup',
      'bridge',
      'clean',
      'crunch',
      'high gain',
      'pots',
      'pot',
      '500k pots',
      'control cavity',
      'volume',
      'tuner',
      'pedal',
      'pedals',
      'patch cables',
      'hum',
      'tone',
      'strat',
    ],
  },
};

const houseplants: EvalStore = {
  id: 'en-houseplants',
  lang: 'en',
  kind: 'themed',
  channels: [
    {
      id: 'UCleafyLoftPlants000001',
      title: 'Leafy Loft',
      handle: '@leafyloft',
      description:
        'Houseplant care for small apartments: light, watering, repotting and propagation. Plant parent since 2018.',
      keywords: 'houseplants "plant care" monstera propagation',
    },
  ],
  videos: [
    {
      id: 'leafy000001',
      channelId: 'UCleafyLoftPlants000001',
      title: 'Monstera care guide: light, watering and a moss pole',
      description:
        'Monstera deliciosa wants bright indirect light, a chunky potting mix and water when the top few centimetres are dry. A moss pole gives you bigger leaves with more fenestrations.',
      tags: ['monstera', 'monstera care', 'moss pole', 'houseplant care'],
      comments: [
        'My monstera finally has fenestrations after I added a moss pole.',
        'How chunky is chunky for the potting mix?',
      ],
    },
    {
      id: 'leafy000002',
      channelId: 'UCleafyLoftPlants000001',
      title: 'Propagating pothos in water (and moving it to soil)',
      description:
        'Cut below a node, keep one leaf and put the cutting in water. Pothos roots in two to three weeks. I show when to move water propagation into soil without shock.',
      tags: ['pothos', 'propagation', 'water propagation', 'pothos cuttings'],
      comments: [
        'Water propagation works every time for my pothos.',
        'Cutting below the node was the step I missed.',
      ],
    },
    {
      id: 'leafy000003',
      channelId: 'UCleafyLoftPlants000001',
      title: 'Root rot rescue: saving an overwatered snake plant',
      description:
        'Mushy roots and yellow leaves mean root rot. I trim the rotten roots of this snake plant, let it dry and repot it in fresh potting mix with perlite. Overwatering is the number one houseplant killer.',
      tags: ['root rot', 'snake plant', 'overwatering', 'repotting'],
      comments: [
        'Saved my snake plant thanks to this.',
        'Perlite in the potting mix made a huge difference.',
      ],
    },
    {
      id: 'leafy000004',
      channelId: 'UCleafyLoftPlants000001',
      title: 'Grow lights for a dark apartment: what actually works',
      description:
        'North facing windows? A full spectrum grow light on a timer keeps houseplants growing through winter. I compare a clip on grow light with LED grow bars.',
      tags: ['grow light', 'houseplants', 'low light plants', 'indoor plants'],
      comments: [
        'LED grow bars under the shelf changed my winter plant game.',
        'Twelve hours on the timer is my sweet spot too.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['houseplants', 'houseplant', 'indoor plants'],
      ['houseplant care', 'plant care'],
      ['monstera', 'monstera deliciosa', 'monstera care'],
      ['moss pole'],
      ['potting mix'],
      ['pothos'],
      ['propagation', 'water propagation', 'propagating pothos'],
      ['root rot'],
      ['snake plant'],
      ['overwatering'],
      ['repotting', 'repot'],
      ['grow light', 'grow lights', 'led grow bars'],
      ['perlite'],
      ['bright indirect light'],
    ],
    topics: ['/Home & Garden/Gardening/Houseplants'],
    theme: [
      'plant',
      'plants',
      'leaves',
      'leaf',
      'fenestrations',
      'roots',
      'node',
      'cutting',
      'cuttings',
      'soil',
      'watering',
      'light',
      'low light',
      'grow bars',
      'timer',
      'snake',
      'yellow leaves',
      'potting',
      'plant parent',
      'mushy roots',
    ],
  },
};

const singleEspresso: EvalStore = {
  id: 'en-single-espresso',
  lang: 'en',
  kind: 'single-video',
  channels: [
    {
      id: 'UCmorningShotCoffee0001',
      title: 'Morning Shot',
      handle: '@morningshot',
      description: '',
    },
  ],
  videos: [
    {
      id: 'shot0000001',
      channelId: 'UCmorningShotCoffee0001',
      title: 'Dialing in espresso at home: grind size, dose and yield',
      description:
        'Dialing in espresso starts with a fixed dose of 18 grams and a target yield of 36 grams in about 28 seconds. If the shot runs fast, grind finer; if it chokes the machine, grind coarser. I use a flat burr grinder, a bottomless portafilter and a scale under the cup. Puck prep matters too: distribute the grounds with a WDT tool and tamp level.',
      tags: ['espresso', 'dialing in espresso', 'home espresso', 'espresso grind size'],
      comments: [
        'The 1:2 ratio as a starting point finally made it click for me.',
        'A bottomless portafilter showed me all my channeling.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['dialing in espresso', 'dialing in'],
      ['espresso', 'home espresso', 'espresso at home'],
      ['grind size', 'espresso grind size'],
      ['burr grinder', 'flat burr grinder'],
      ['bottomless portafilter', 'portafilter'],
      ['puck prep'],
      ['wdt tool'],
      ['dose'],
      ['yield', 'target yield'],
      ['channeling'],
    ],
    topics: ['/Food & Drink/Beverages/Coffee & Tea/Home Espresso'],
  },
};

const singleVan: EvalStore = {
  id: 'en-single-van',
  lang: 'en',
  kind: 'single-video',
  channels: [
    {
      id: 'UCsprinterSlowTravel001',
      title: 'Slow Van Travel',
      handle: '@slowvantravel',
      description: 'Two people, one Sprinter, no rush.',
    },
  ],
  videos: [
    {
      id: 'vanelec0001',
      channelId: 'UCsprinterSlowTravel001',
      title: 'Our van electrical system: 400W solar, 300Ah lithium and a DC-DC charger',
      description:
        'Full walkthrough of the electrical system in our Sprinter van conversion. Four 100W solar panels feed a MPPT charge controller, a 300Ah lithium battery bank stores it, and a DC-DC charger tops up from the alternator while we drive. A 2000W inverter runs the induction cooktop. Wiring diagram and fuse sizes in the video.\n\nWiring diagram PDF: https://slowvantravel.example/wiring',
      tags: [
        'van electrical system',
        'van build',
        'solar panels',
        'lithium battery',
        'sprinter van conversion',
      ],
      comments: [
        'Best explanation of a DC-DC charger I have seen.',
        'How do you keep the lithium battery warm in winter?',
      ],
    },
  ],
  gold: {
    keywords: [
      ['van electrical system', 'electrical system'],
      ['solar panels', 'solar', '400w solar'],
      ['lithium battery', 'lithium battery bank', '300ah lithium'],
      ['dc-dc charger', 'dc dc charger'],
      ['mppt charge controller', 'charge controller'],
      ['inverter', '2000w inverter'],
      ['sprinter van conversion', 'van conversion', 'sprinter van', 'sprinter'],
      ['van build'],
      ['wiring diagram'],
      ['induction cooktop'],
    ],
    topics: ['/Travel/Road Trips & Van Life/Van Conversions'],
  },
};

const singleBirding: EvalStore = {
  id: 'en-single-birding',
  lang: 'en',
  kind: 'single-video',
  channels: [
    {
      id: 'UCmarshlandNotes0000001',
      title: 'Marshland Notes',
      handle: '@marshlandnotes',
      description: '',
    },
  ],
  videos: [
    {
      id: 'birds000001',
      channelId: 'UCmarshlandNotes0000001',
      title: 'Birdwatching for beginners: 12 wetland birds you can identify this spring',
      description:
        'A morning at the reed beds with 8x42 binoculars and a field guide. We see a grey heron, a reed warbler, a marsh harrier and nine more wetland birds. I explain how to identify birds by shape and song before colour, and how to keep a simple birding notebook.',
      tags: ['birdwatching', 'birding for beginners', 'wetland birds', 'bird identification'],
      comments: [
        'The marsh harrier footage is stunning.',
        'Shape and song before colour is such good advice.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['birdwatching', 'birding', 'birdwatching for beginners', 'birding for beginners'],
      ['wetland birds'],
      ['bird identification', 'identify birds'],
      ['binoculars', '8x42 binoculars'],
      ['field guide'],
      ['grey heron'],
      ['reed warbler'],
      ['marsh harrier'],
      ['reed beds'],
      ['birding notebook'],
    ],
    topics: ['/Pets & Animals/Wildlife'],
  },
};

const tech: EvalStore = {
  id: 'en-sponsor-tech',
  lang: 'en',
  kind: 'sponsor-heavy',
  channels: [
    {
      id: 'UCbyteSizedReviews00001',
      title: 'Byte Sized Reviews',
      handle: '@bytesized',
      description: 'Laptop reviews for students and creators. Business: hello@bytesized.example',
      keywords: '"laptop review" laptops "student laptop"',
    },
  ],
  videos: [
    {
      id: 'byte0000001',
      channelId: 'UCbyteSizedReviews00001',
      title: 'Best laptops for students in 2025: battery life first',
      description:
        'This video is sponsored by NordVPN. Get 73% off a 2-year plan plus 4 extra months at https://nordvpn.com/bytesized\n\nFive student laptops tested for battery life, keyboard comfort and weight. The MacBook Air M3 lasts the longest, the ThinkPad T14 has the best keyboard.\n\nBuild your portfolio site with Squarespace: https://squarespace.com/bytesized and use code BYTESIZED for 10% off.\nMy gear: https://amzn.to/3byteGear',
      tags: ['best laptops for students', 'student laptop', 'laptop review', 'battery life'],
      comments: [
        'The ThinkPad keyboard really is the best.',
        'NordVPN again lol',
        'Battery life test methodology is great.',
      ],
    },
    {
      id: 'byte0000002',
      channelId: 'UCbyteSizedReviews00001',
      title: 'MacBook Air M3 review after three months',
      description:
        'Thanks to NordVPN for sponsoring this video! Protect yourself on campus wifi at https://nordvpn.com/bytesized\n\nThree months with the MacBook Air M3: fanless, silent, and the battery life still beats every Windows laptop I tested. The 8GB base model is the one to skip.\n\nBuild your portfolio site with Squarespace: https://squarespace.com/bytesized and use code BYTESIZED for 10% off.\nMy gear: https://amzn.to/3byteGear',
      tags: ['macbook air m3', 'macbook air review', 'laptop review'],
      comments: ['Skip the 8GB model, agreed.', 'Fanless is the killer feature for lectures.'],
    },
    {
      id: 'byte0000003',
      channelId: 'UCbyteSizedReviews00001',
      title: 'ThinkPad T14 vs Dell XPS 13 for a computer science degree',
      description:
        "Today's video is brought to you by Skillshare. The first 1,000 people to use the link get a free trial: https://skl.sh/bytesized10\n\nFor a computer science degree you want a good keyboard, Linux support and enough RAM. The ThinkPad T14 wins on Linux support, the Dell XPS 13 on the screen.\n\nBuild your portfolio site with Squarespace: https://squarespace.com/bytesized and use code BYTESIZED for 10% off.\nMy gear: https://amzn.to/3byteGear",
      tags: ['thinkpad t14', 'dell xps 13', 'computer science laptop', 'linux laptop'],
      comments: ['Linux support on the ThinkPad is flawless.', 'XPS screen is gorgeous though.'],
    },
  ],
  gold: {
    keywords: [
      ['laptop review', 'laptop reviews'],
      ['best laptops for students', 'student laptop', 'student laptops', 'laptops for students'],
      ['battery life'],
      ['macbook air m3', 'macbook air'],
      ['thinkpad t14', 'thinkpad'],
      ['dell xps 13', 'xps 13'],
      ['computer science degree', 'computer science laptop', 'computer science'],
      ['linux support', 'linux laptop', 'linux'],
      ['windows laptop'],
      ['keyboard comfort', 'keyboard'],
      ['fanless'],
    ],
    topics: ['/Computers & Electronics/Computers & Laptops'],
    never: ['nordvpn', 'squarespace'],
  },
};

const EPIDEMIC = 'Music by Epidemic Sound: https://www.epidemicsound.com/referral/';

const travel: EvalStore = {
  id: 'en-sponsor-travel',
  lang: 'en',
  kind: 'sponsor-heavy',
  channels: [
    {
      id: 'UCbackpackBudgetAsia001',
      title: 'Backpack Budget',
      handle: '@backpackbudget',
      description: 'Southeast Asia on $30 a day.',
    },
    {
      id: 'UCnomadNotebook00000001',
      title: 'Nomad Notebook',
      handle: '@nomadnotebook',
      description: 'Slow travel and cheap eats across Asia.',
    },
    {
      id: 'UCtwoTicketsOneWay00001',
      title: 'Two Tickets One Way',
      handle: '@twoticketsoneway',
      description: 'A couple traveling the world on a budget.',
    },
  ],
  videos: [
    {
      id: 'trav0000001',
      channelId: 'UCbackpackBudgetAsia001',
      title: 'Vietnam on $30 a day: hostels, street food and sleeper buses',
      description: `Two weeks from Hanoi to Ho Chi Minh City on a backpacker budget. Hostels cost $6 to $9 a night, street food is $1 to $3 a meal and sleeper buses beat domestic flights on price.\n\nGet 60% off NordVPN for safe hostel wifi: https://nordvpn.com/backpackbudget\n${EPIDEMIC}backpackbudget`,
      tags: ['vietnam travel', 'budget travel', 'backpacking vietnam', 'sleeper bus'],
      comments: [
        'Sleeper buses are an experience, bring earplugs.',
        'Hanoi street food is the best in Asia.',
      ],
    },
    {
      id: 'trav0000002',
      channelId: 'UCbackpackBudgetAsia001',
      title: 'Is Thailand still cheap? Bangkok and Chiang Mai costs',
      description: `Bangkok and Chiang Mai daily costs in 2025: hostels, street food, temples and scooter rental. Thailand is still cheap if you skip the islands.\n\nGet 60% off NordVPN for safe hostel wifi: https://nordvpn.com/backpackbudget\n${EPIDEMIC}backpackbudget`,
      tags: ['thailand travel', 'budget travel', 'chiang mai', 'bangkok'],
      comments: [
        'Chiang Mai night markets are unbeatable value.',
        'Scooter rental without a license is risky though.',
      ],
    },
    {
      id: 'trav0000003',
      channelId: 'UCnomadNotebook00000001',
      title: 'Slow travel in Laos: the slow boat to Luang Prabang',
      description: `Two days on the slow boat down the Mekong to Luang Prabang, a guesthouse for $10 and noodle soup for breakfast. Slow travel is the cheapest way to see Laos.\n\nLearn travel photography on Skillshare, first month free: https://skl.sh/nomadnotebook\n${EPIDEMIC}nomadnotebook`,
      tags: ['laos', 'slow boat', 'luang prabang', 'slow travel'],
      comments: [
        'The slow boat was my favourite part of Laos.',
        'Bring snacks, the boat food is limited.',
      ],
    },
    {
      id: 'trav0000004',
      channelId: 'UCtwoTicketsOneWay00001',
      title: 'Bali on a budget: guesthouses, scooters and warungs',
      description: `Bali does not have to be expensive. We stayed in family guesthouses in Ubud, ate at local warungs for $2 and rented a scooter for $5 a day.\n\nOur travel insurance: https://safetywing.com/?referenceID=twoticketsoneway\nGet 60% off NordVPN: https://nordvpn.com/twotickets\n${EPIDEMIC}twotickets`,
      tags: ['bali on a budget', 'bali travel', 'ubud', 'budget travel'],
      comments: ['Warungs are the way to eat in Bali.', 'Ubud guesthouses are so good value.'],
    },
  ],
  gold: {
    keywords: [
      ['budget travel', 'travel on a budget', 'backpacker budget'],
      ['vietnam', 'vietnam travel', 'backpacking vietnam'],
      ['street food'],
      ['sleeper buses', 'sleeper bus'],
      ['hostels', 'hostel'],
      ['thailand', 'thailand travel'],
      ['bangkok'],
      ['chiang mai'],
      ['slow travel'],
      ['slow boat'],
      ['luang prabang', 'laos'],
      ['bali', 'bali on a budget', 'bali travel'],
      ['ubud'],
      ['guesthouses', 'guesthouse', 'family guesthouses'],
      ['scooter rental', 'scooter'],
      ['hanoi'],
      ['warungs', 'local warungs'],
    ],
    topics: ['/Travel/Budget Travel', '/Travel/Destinations/Asia & Pacific'],
    never: ['nordvpn', 'epidemic sound', 'safetywing'],
  },
};

const fitness: EvalStore = {
  id: 'en-sponsor-fitness',
  lang: 'en',
  kind: 'sponsor-heavy',
  channels: [
    {
      id: 'UCironAtHomeFitness0001',
      title: 'Iron At Home',
      handle: '@ironathome',
      description:
        'Kettlebell and dumbbell workouts for small spaces.\nFree programs: https://ironathome.example/programs',
    },
  ],
  videos: [
    {
      id: 'iron0000001',
      channelId: 'UCironAtHomeFitness0001',
      title: '20 minute kettlebell workout for beginners (full body)',
      description:
        "Today's video is sponsored by Vitablend! Use code IRON20 for 20% off your first order at https://vitablend.example/iron\n\nA full body kettlebell workout: kettlebell swings, goblet squats, single arm rows and a farmer carry finisher. One 12 kg kettlebell is all you need.\n\nMy kettlebells: https://amzn.to/3ironKB\nFree programs: https://ironathome.example/programs\nSubscribe for a new workout every Monday!",
      tags: ['kettlebell workout', 'kettlebell for beginners', 'full body workout', 'home workout'],
      comments: [
        'Goblet squats are brutal after the swings.',
        'Did this with a 16 kg bell, great burn.',
      ],
    },
    {
      id: 'iron0000002',
      channelId: 'UCironAtHomeFitness0001',
      title: 'Kettlebell swing technique: stop squatting your swings',
      description:
        "Today's video is sponsored by Vitablend! Use code IRON20 for 20% off your first order at https://vitablend.example/iron\n\nThe kettlebell swing is a hip hinge, not a squat. Hike the bell back, snap the hips and let the arms float. Three drills fix the most common swing mistakes.\n\nMy kettlebells: https://amzn.to/3ironKB\nFree programs: https://ironathome.example/programs\nSubscribe for a new workout every Monday!",
      tags: ['kettlebell swing', 'hip hinge', 'kettlebell technique'],
      comments: [
        'Hike the bell back, that cue fixed my lower back pain.',
        'I was squatting my swings for years.',
      ],
    },
    {
      id: 'iron0000003',
      channelId: 'UCironAtHomeFitness0001',
      title: 'Adjustable dumbbells vs kettlebells for a small home gym',
      description:
        'Get 30 days of the FitTrack app free at https://fittrack.example/?ref=ironathome\n\nAdjustable dumbbells save space, kettlebells are better for swings and carries. For a small home gym I would buy one kettlebell and a pair of adjustable dumbbells.\n\nMy kettlebells: https://amzn.to/3ironKB\nFree programs: https://ironathome.example/programs\nSubscribe for a new workout every Monday!',
      tags: ['adjustable dumbbells', 'home gym', 'kettlebells', 'home gym equipment'],
      comments: [
        'Adjustable dumbbells were the best purchase for my apartment.',
        'One bell plus dumbbells is exactly my setup.',
      ],
    },
  ],
  gold: {
    keywords: [
      ['kettlebell workout', 'kettlebell workouts'],
      ['kettlebell', 'kettlebells'],
      ['kettlebell swing', 'kettlebell swings'],
      ['goblet squats', 'goblet squat'],
      ['full body workout', 'full body kettlebell workout'],
      ['home workout', 'home workouts'],
      ['hip hinge'],
      ['adjustable dumbbells'],
      ['home gym', 'small home gym'],
      ['farmer carry'],
      ['single arm rows'],
      ['kettlebell technique', 'swing technique'],
      ['kettlebell for beginners'],
    ],
    topics: ['/Health & Fitness/Fitness/Strength Training'],
    never: ['vitablend', 'fittrack'],
  },
};

const sparseCat: EvalStore = {
  id: 'en-sparse-cat',
  lang: 'en',
  kind: 'sparse',
  channels: [
    { id: 'UCjimmysCatVids00000001', title: 'jimmycat88', handle: '@jimmycat88', description: '' },
  ],
  videos: [
    {
      id: 'cat00000001',
      channelId: 'UCjimmysCatVids00000001',
      title: 'my cat playing piano lol',
      description: 'mittens walks on the piano keys again',
      tags: ['cat', 'piano', 'funny'],
    },
    {
      id: 'cat00000002',
      channelId: 'UCjimmysCatVids00000001',
      title: 'kitten vs laser pointer',
      description: 'new kitten chasing the laser pointer',
      tags: ['kitten', 'laser'],
      comments: ['lol so cute'],
    },
    {
      id: 'cat00000003',
      channelId: 'UCjimmysCatVids00000001',
      title: 'mittens in a box',
      description: 'cat sits in a box',
      tags: ['cat', 'box'],
    },
    {
      id: 'cat00000004',
      channelId: 'UCjimmysCatVids00000001',
      title: 'cats fighting over catnip',
      description: 'both cats went crazy for the catnip toy',
      tags: ['cats', 'catnip'],
    },
  ],
  gold: {
    keywords: [
      ['cat', 'cats', 'funny cat', 'my cat'],
      ['kitten'],
      ['laser pointer', 'laser'],
      ['catnip', 'catnip toy'],
      ['mittens'],
      ['cat playing piano', 'piano', 'piano keys'],
      ['box', 'cat in a box'],
    ],
    topics: ['/Pets & Animals/Cats'],
  },
};

const sparseSkate: EvalStore = {
  id: 'en-sparse-skate',
  lang: 'en',
  kind: 'sparse',
  channels: [
    {
      id: 'UCskaterBoyz2006skate001',
      title: 'skaterboyz2006',
      handle: '@skaterboyz2006',
      description: 'me and my friends skating',
    },
  ],
  videos: [
    {
      id: 'skate000001',
      channelId: 'UCskaterBoyz2006skate001',
      title: 'kickflip fail compilation',
      description: 'trying kickflips at the skatepark all day',
      tags: ['skateboarding', 'kickflip', 'fail'],
    },
    {
      id: 'skate000002',
      channelId: 'UCskaterBoyz2006skate001',
      title: 'first ollie down the 5 stair',
      description: 'finally landed it!!',
      tags: ['skate', 'ollie', 'stairs'],
      comments: ['sick ollie dude'],
    },
    {
      id: 'skate000003',
      channelId: 'UCskaterBoyz2006skate001',
      title: 'skatepark session',
      description: 'grinding the rail and the halfpipe',
      tags: ['skatepark', 'grind', 'halfpipe'],
    },
  ],
  gold: {
    keywords: [
      ['skateboarding', 'skate', 'skating'],
      ['kickflip', 'kickflips'],
      ['skatepark', 'skatepark session'],
      ['ollie'],
      ['halfpipe'],
      ['grind', 'grinding the rail', 'rail'],
      ['5 stair', 'stairs'],
    ],
    topics: ['/Sports/Action Sports'],
  },
};

const sparseBand: EvalStore = {
  id: 'en-sparse-band',
  lang: 'en',
  kind: 'sparse',
  channels: [
    {
      id: 'UCthePaperLanterns00001',
      title: 'The Paper Lanterns',
      handle: '@paperlanterns',
      description: 'our band from ohio',
    },
  ],
  videos: [
    {
      id: 'band0000001',
      channelId: 'UCthePaperLanterns00001',
      title: 'The Paper Lanterns - Ghost Town (live at school talent show)',
      description: 'we played our song ghost town at the talent show',
      tags: ['band', 'live', 'rock'],
    },
    {
      id: 'band0000002',
      channelId: 'UCthePaperLanterns00001',
      title: 'garage practice',
      description: 'drums are too loud sorry',
      tags: ['band', 'practice', 'drums'],
    },
    {
      id: 'band0000003',
      channelId: 'UCthePaperLanterns00001',
      title: 'Ghost Town acoustic version',
      description: 'acoustic guitar version of our song',
      tags: ['acoustic', 'guitar', 'cover'],
      comments: ['love this song'],
    },
  ],
  gold: {
    keywords: [
      ['the paper lanterns', 'paper lanterns'],
      ['ghost town'],
      ['band', 'rock band'],
      ['talent show', 'school talent show'],
      ['acoustic guitar', 'acoustic', 'acoustic version'],
      ['drums'],
      ['garage practice', 'practice'],
      ['live'],
    ],
    topics: ['/Music & Audio', '/Music & Audio/Musical Instruments'],
  },
};

export const ENGLISH: EvalStore[] = [
  sourdough,
  finance,
  guitar,
  houseplants,
  singleEspresso,
  singleVan,
  singleBirding,
  tech,
  travel,
  fitness,
  sparseCat,
  sparseSkate,
  sparseBand,
];
