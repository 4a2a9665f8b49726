// Home coffee: the demo's channels of this theme, written by hand (server/seed/demo-content.ts builds them).
import type { ChannelDef } from './types.ts';

export const COFFEE: ChannelDef[] = [
  {
    theme: 'coffee',
    id: 'UC0PLkj0PKZXCdtyUjofn6e7',
    handle: 'theslowpour',
    title: 'The Slow Pour',
    country: 'US',
    since: '2017-02-27T16:48:20Z',
    subscribers: 538_000,
    videoCount: 243,
    keywords: '"pour over" "filter coffee" "home brewing" "coffee grinder" "brew guide" "light roast" "coffee recipe"',
    description:
      "Pour-over, filter coffee and home brewing, explained without the snobbery. I'm Dev, a former café trainer in Portland, Oregon. Every recipe is tested with a scale and a timer, and I'll always tell you when cheaper gear is good enough.\n\nRecipes: https://theslowpour.example/recipes\nGear I use: https://kit.co/theslowpour\nNewsletter: https://bit.ly/slowpour-news\nInstagram: https://instagram.com/theslowpour",
    footer:
      'Recipes: https://theslowpour.example/recipes\nGear I use: https://kit.co/theslowpour\nNewsletter: https://bit.ly/slowpour-news\nInstagram: https://instagram.com/theslowpour\n\nSome links are affiliate links. I only link gear I use at home.',
    thanks: [
      'Thanks for brewing along! ☕',
      'Love hearing this, enjoy your coffee!',
      'Thank you so much!',
    ],
    answers: [
      "That's a great idea for a future video, noted.",
      'All the details are in the recipe on the website.',
    ],
    videos: [
      {
        id: 'Yp0_yUnoJjq',
        at: '2025-01-23T15:00:00Z',
        duration: 'PT12M35S',
        views: 612_300,
        title: 'The Only Pour-Over Recipe You Need (1:16, 4 Pours)',
        description:
          'A forgiving pour-over recipe for a cone dripper: 20 g of coffee to 320 g of water at 94°C, a 45-second bloom and four even pours. I explain why each step matters and how to adjust the grind size when the cup tastes sour or bitter.',
        tags: ['pour over recipe', 'pour over coffee', 'bloom', 'grind size', 'coffee ratio', 'brew guide'],
        comments: [
          '1:16 with the four pours finally fixed my sour cups. Grinding finer was the answer.',
          'What kettle is that? The gooseneck spout looks super controlled.',
          'Tried it with a washed Ethiopian this morning, blueberry notes everywhere.',
          'Does this recipe work with a flat-bottom dripper?',
        ],
      },
      {
        id: 'e81KS65bN0V',
        at: '2025-03-05T15:00:00Z',
        duration: 'PT15M42S',
        views: 298_700,
        title: 'Ember & Grind Ridge Hand Grinder Review: Worth $189?',
        description:
          "The Ridge is Ember & Grind's flagship hand grinder, with 38 mm steel burrs and 12-micron clicks. I compare it with a $60 grinder and an electric flat-burr grinder in blind tastings, for pour-over and for espresso.",
        tags: ['ember and grind ridge', 'hand grinder', 'coffee grinder review', 'burr grinder', 'grind consistency', 'espresso grinder'],
        comments: [
          'The blind tasting was a great idea. Surprised the $60 grinder held up so well for pour-over.',
          'Ember & Grind Ridge owner here, 18 months of daily use and it still feels brand new.',
          'How many clicks from zero do you use for pour-over on the Ridge?',
        ],
      },
      {
        id: 'YWbmvPCvYCg',
        at: '2025-04-17T15:00:00Z',
        duration: 'PT13M20S',
        views: 187_400,
        title: 'Water Matters More Than Your Grinder',
        description:
          'Hard tap water flattens light roasts. I make brewing water from distilled water and mineral concentrates, explain hardness and alkalinity in plain words, and taste cups side by side.',
        tags: ['coffee water', 'water chemistry', 'brew water', 'mineral concentrate', 'light roast', 'home barista'],
        comments: [
          'I live in London with extremely hard water and this explains every flat cup I have ever made.',
          'Mineral packets in distilled water, game changer for light roasts.',
          'Is filtered water from a jug filter good enough?',
        ],
      },
      {
        id: 'iStMLf7CWMN',
        at: '2025-06-19T15:00:00Z',
        duration: 'PT11M10S',
        views: 243_600,
        title: 'Cold Brew vs Iced Pour-Over: Which Is Better in Summer?',
        description:
          'Cold brew is easy and chocolatey; flash-brewed iced pour-over keeps the bright fruit. Recipes for both, how long cold brew concentrate keeps in the fridge, and which beans suit each method.',
        tags: ['cold brew', 'iced coffee', 'flash brew', 'summer coffee', 'pour over', 'recipe'],
        comments: [
          'Iced pour-over with a Kenyan coffee tastes like blackcurrant juice, thank you for this.',
          'Cold brew concentrate 1:5 diluted with milk is my summer routine.',
        ],
      },
      {
        id: 'up4Sr-_gxDf',
        at: '2025-08-14T15:00:00Z',
        duration: 'PT10M30S',
        views: 132_900,
        title: 'Coffee on the Trail: Pour-Over at Camp',
        description:
          'Light, fast and still delicious: a collapsible dripper, pre-ground beans in a vacuum tin, a tiny scale and a Halcyon canister stove. Filmed on a weekend backpacking trip on Mount Hood.',
        tags: ['camp coffee', 'backpacking coffee', 'collapsible dripper', 'pour over', 'mount hood', 'outdoor coffee'],
        comments: [
          'Pour-over at camp is the best part of backpacking for me. Collapsible dripper forever.',
          'Do you grind at home the night before or carry the Ridge?',
          'Coffee with a view of Mount Hood, what a way to start the day.',
        ],
      },
      {
        id: 'GcIK7HbHf6J',
        at: '2025-10-01T15:00:00Z',
        duration: 'PT16M05S',
        views: 176_300,
        title: 'Light Roast vs Dark Roast: A Blind Tasting with Friends',
        description:
          'Five friends, four coffees, no labels. We brewed a light, a medium and two dark roasts the same way and talked about what we tasted. The results surprised all of us.',
        tags: ['light roast', 'dark roast', 'blind tasting', 'coffee tasting', 'specialty coffee', 'roast level'],
        comments: [
          'Love that the dark roast fan picked the light roast blind 😂',
          'Would love a part two with espresso.',
        ],
      },
      {
        id: 'mzsCGiEv88y',
        at: '2025-11-20T15:00:00Z',
        duration: 'PT12M45S',
        views: 141_800,
        title: 'Ember & Grind Gooseneck Kettle: Temperature Control Test',
        description:
          'Does the Ember & Grind gooseneck kettle actually hold 94°C? I test accuracy with a thermocouple, the hold function over 30 minutes, pour control, and how it compares to a stovetop gooseneck.',
        tags: ['gooseneck kettle', 'ember and grind', 'temperature control', 'pour over kettle', 'kettle review', 'coffee gear'],
        comments: [
          'Within one degree for 30 minutes is really good. Adding the Ember & Grind kettle to my list.',
          'Does the base get warm enough to damage a wooden counter?',
          'The pour control comparison was super helpful.',
        ],
      },
      {
        id: 'Xu6m4WA5wA2',
        at: '2025-12-04T15:00:00Z',
        duration: 'PT18M10S',
        views: 208_500,
        title: 'Holiday Gift Guide for Coffee People (Every Budget)',
        description:
          'From a $15 scale to the Ember & Grind Ridge grinder: gifts for coffee lovers at every budget, plus a bean subscription that actually ships fresh coffee. No junk, only gear I use.',
        tags: ['coffee gift guide', 'gifts for coffee lovers', 'coffee gear', 'holiday gifts', 'ember and grind', 'budget coffee gear'],
        comments: [
          'Bought my brother the scale and a bag of beans from your list, he loves it.',
          'The bean subscription pick is a great idea for people who already have all the gear.',
        ],
      },
    ],
  },
  {
    theme: 'coffee',
    id: 'UCMXfjkq_XBv-OXTMXyRMboC',
    handle: 'cremalab',
    title: 'Crema Lab',
    country: 'AU',
    since: '2018-07-30T23:15:47Z',
    subscribers: 392_000,
    videoCount: 164,
    keywords: 'espresso "home espresso" "latte art" "milk steaming" "espresso machine" "dialing in" "flat white"',
    description:
      "Espresso at home, made approachable. I'm Tess, a Melbourne barista turned home-espresso nerd. I test machines, grinders and techniques so you can pull a better shot and pour better latte art without a café budget.\n\nRecipes and guides: https://cremalab.example\nDiscount on beans: https://bit.ly/cremalab-beans\nInstagram: https://instagram.com/crema.lab\nTikTok: https://www.tiktok.com/@cremalab",
    footer:
      'Guides: https://cremalab.example\nBeans discount: https://bit.ly/cremalab-beans\nInstagram: https://instagram.com/crema.lab\n\nMachines in my videos are my own or on loan; brands never see a video before it is published.',
    thanks: [
      'Thanks heaps for watching! ☕',
      'Cheers, glad you enjoyed it!',
      'Love this, happy brewing!',
    ],
    answers: [
      "Good question, I'll test that in a future video.",
      'The full recipe and settings are on the website.',
    ],
    videos: [
      {
        id: 'lo9Bnpcm949',
        at: '2025-02-10T22:00:00Z',
        duration: 'PT14M50S',
        views: 455_200,
        title: 'Dialing In Espresso: The 1:2 Ratio Explained',
        description:
          '18 g in, 36 g out, in 25 to 32 seconds: where the classic 1:2 espresso ratio comes from, when to break it, and how to change one thing at a time when dialing in new beans.',
        tags: ['dialing in espresso', 'espresso ratio', '1:2 ratio', 'extraction', 'home espresso', 'espresso tips'],
        comments: [
          'Changing one variable at a time is such obvious advice but I never did it. Finally sweet shots!',
          'What do you do when the shot runs too fast even at the finest setting?',
          'Explained better than my barista course did.',
        ],
      },
      {
        id: '2FKBWPO3EL-',
        at: '2025-03-27T22:00:00Z',
        duration: 'PT12M05S',
        views: 512_800,
        title: 'Latte Art for Beginners: The Heart in 7 Days',
        description:
          'A day-by-day plan to pour your first latte art heart: stretching and texturing milk, the right jug, practising with water and a drop of dish soap, and the pour height that makes the pattern appear.',
        tags: ['latte art', 'milk steaming', 'heart latte art', 'microfoam', 'barista skills', 'beginner'],
        comments: [
          'Day 5 and I poured my first wonky heart! So happy.',
          'The water and dish soap trick saved me so much milk.',
          'What size milk jug do you recommend for a single cappuccino?',
        ],
      },
      {
        id: 'MrnlMSGY1rZ',
        at: '2025-05-08T22:00:00Z',
        duration: 'PT19M30S',
        views: 221_400,
        title: 'Single Boiler vs Dual Boiler vs Heat Exchanger',
        description:
          'Which espresso machine type suits how you drink coffee? Milk drinks back to back, one flat white a day, or straight espresso: temperature stability, warm-up time, cost and counter space.',
        tags: ['espresso machine', 'dual boiler', 'heat exchanger', 'single boiler', 'buying guide', 'home espresso'],
        comments: [
          'Single boiler was fine until my partner also started drinking lattes 😂',
          'Warm-up time is the thing nobody mentions, thank you.',
        ],
      },
      {
        id: 'C8r_ADPL24D',
        at: '2025-06-30T22:00:00Z',
        duration: 'PT13M15S',
        views: 118_600,
        title: 'Ember & Grind Ridge for Espresso? Testing a Hand Grinder',
        description:
          'Can a hand grinder keep up with a home espresso setup? I dialed in three coffees with the Ember & Grind Ridge and compared shots with my electric grinder: taste, workflow and how tired my arm got.',
        tags: ['ember and grind ridge', 'hand grinder espresso', 'espresso grinder', 'burr grinder', 'grind size', 'dialing in'],
        comments: [
          'The Ridge for espresso is great for one or two shots a day, my arm agrees.',
          'Which click setting did you end up with for the medium roast?',
          'Love seeing a hand grinder hold its own against an electric one.',
        ],
      },
      {
        id: 'nJ5hhxE9Oyp',
        at: '2025-08-25T22:00:00Z',
        duration: 'PT11M40S',
        views: 167_300,
        title: 'Oat Milk Steaming: Which Barista Oat Milk Foams Best?',
        description:
          'Six barista oat milks, one machine, one jug. Microfoam texture, sweetness, how it tastes with espresso, and how well each one holds latte art.',
        tags: ['oat milk', 'plant milk', 'milk steaming', 'latte art', 'barista oat', 'flat white'],
        comments: [
          'Oat milk that foams well and does not split is so hard to find, thanks for testing them.',
          'Can you do the same test with soy and almond?',
        ],
      },
      {
        id: 'GuXM9jY5FWA',
        at: '2025-10-20T22:00:00Z',
        duration: 'PT9M55S',
        views: 139_700,
        title: 'The Flat White, Properly (A Melbourne Guide)',
        description:
          'A double ristretto, a thin layer of silky microfoam and a smaller cup. What makes a flat white different from a latte, and how to make one at home that a Melbourne barista would be happy with.',
        tags: ['flat white', 'melbourne coffee', 'espresso drinks', 'microfoam', 'cafe at home', 'milk texture'],
        comments: [
          'Finally someone explains the difference between a flat white and a latte properly.',
          'Double ristretto in a 160 ml cup, now my daily drink.',
        ],
      },
      {
        id: 'v-bpIhugP2q',
        at: '2026-01-12T22:00:00Z',
        duration: 'PT10M25S',
        views: 96_800,
        title: 'Espresso Machine Maintenance: Backflushing and Descaling',
        description:
          'Backflushing with a blind basket, cleaning the group head and shower screen, and descaling safely. How often to do each, and what happens if you skip it.',
        tags: ['espresso maintenance', 'backflushing', 'descaling', 'espresso machine care', 'cleaning', 'home barista'],
        comments: [
          'Took my shower screen off for the first time after two years... never again will I skip cleaning.',
          'How often should I descale if I use filtered water?',
        ],
      },
    ],
  },
];
