// Trail running: the demo's channels of this theme, written by hand (server/seed/demo-content.ts builds them).
import type { ChannelDef } from './types.ts';

export const TRAIL: ChannelDef[] = [
  {
    theme: 'trail',
    id: 'UCwHPrc0ldpsuwEOUbAJnHwi',
    handle: 'dirtroaddispatch',
    title: 'Dirt Road Dispatch',
    country: 'US',
    since: '2015-11-23T20:05:31Z',
    subscribers: 418_000,
    videoCount: 302,
    keywords: '"trail running" ultramarathon "trail running shoes" "ultra training" "shoe review" flagstaff "race report"',
    description:
      "Trail running, ultramarathons and honest shoe reviews from Flagstaff, Arizona. I'm Marcus, a running coach and proud mid-pack ultrarunner. Every shoe gets at least 100 miles before I review it, and I'll always tell you who it's NOT for.\n\nTraining plans: https://www.dirtroaddispatch.example/plans\nDiscount codes: https://linktr.ee/dirtroaddispatch\nStrava: https://www.strava.com/athletes/dirtroaddispatch\nInstagram: https://instagram.com/dirtroaddispatch",
    footer:
      'Training plans: https://www.dirtroaddispatch.example/plans\nShoe rotation and discount codes: https://linktr.ee/dirtroaddispatch\nInstagram: https://instagram.com/dirtroaddispatch\n\nShoes in this video were bought by me or sent by brands with no say over the review.',
    thanks: [
      'Appreciate you watching! See you on the trails.',
      'Love to hear it, keep it up!',
      'Thanks, really appreciate it!',
    ],
    answers: [
      'Good call, I should do a full video on that.',
      "Great question, I'll cover it in the next Q&A.",
    ],
    videos: [
      {
        id: 'NQ_x7EGBZEI',
        at: '2025-03-06T18:00:00Z',
        duration: 'PT14M22S',
        views: 276_500,
        title: 'Northwind Talus 3 Review: 150 Miles In',
        description:
          "The Talus 3 is Northwind's do-everything trail shoe, now with a softer foam, 5 mm lugs and a wider forefoot. I ran 150 miles in it on rocky Flagstaff singletrack, wet sandstone in Sedona and a 50K race. Grip, durability, fit, and how it compares to the Vireo Trail Racer.",
        tags: ['northwind talus 3', 'trail running shoes', 'shoe review', 'trail shoe', 'vireo trail racer', 'running gear'],
        comments: [
          'The wide forefoot in the Talus 3 finally fits my feet, ordered a pair after this.',
          "How's the grip on wet roots? Sedona slickrock isn't much like the Pacific Northwest 😅",
          "Talus 3 vs Vireo Trail Racer for a 100K? I'm torn.",
          'True to size or go up half a size?',
        ],
      },
      {
        id: 'IEooqT1u5pd',
        at: '2025-04-24T18:00:00Z',
        duration: 'PT31M10S',
        views: 198_400,
        title: 'My First 100-Mile Race: What Went Wrong and What Went Right',
        description:
          "Twenty-seven hours, one low point at mile 68 and a lot of aid station broth. Fueling, pacing, crew notes, blisters, and what I'd change for the next hundred.",
        tags: ['100 mile race', 'ultramarathon', 'race report', 'ultra fueling', 'pacing', 'crew'],
        comments: [
          'Mile 68 low point... every hundred has one. Congrats on finishing!',
          'The broth at aid stations saved my race too.',
          'What was your calories per hour target?',
        ],
      },
      {
        id: '2XwYw_tLnZ7',
        at: '2025-06-12T18:00:00Z',
        duration: 'PT17M45S',
        views: 322_700,
        title: 'Fueling for Ultras: 90 Grams of Carbs per Hour Without Stomach Trouble',
        description:
          'Gut training is real. How I built up to 90 grams of carbs per hour with drink mix, gels and real food, how to spot the early signs of your stomach shutting down, and what to do about it in the middle of a race.',
        tags: ['ultra fueling', 'carbs per hour', 'gut training', 'race nutrition', 'gels', 'trail running nutrition'],
        comments: [
          'Gut training over six weeks took me from throwing up at every 50K to finishing strong.',
          'Do you count the carbs in drink mix toward the 90 grams?',
          'Real food at aid stations vs gels only, what ratio works for you?',
        ],
      },
      {
        id: 'NoFRg0YP_Hv',
        at: '2025-07-31T18:00:00Z',
        duration: 'PT10M12S',
        views: 143_200,
        title: 'Vest Packing for a Mountain 50K',
        description:
          'What goes in my hydration vest for a mountain 50K: two soft flasks, a wind jacket, a collapsible cup, gels, salt tabs, a phone and the mandatory kit. Shown with the Northwind Stride 8 vest.',
        tags: ['running vest', 'hydration vest', '50k', 'mandatory kit', 'northwind stride 8', 'trail race'],
        comments: [
          'The Stride 8 doesn’t bounce at all, I was skeptical but it is great.',
          'A collapsible cup is now mandatory at so many races, good reminder.',
          'Where do you keep the phone so it does not fog up from sweat?',
        ],
      },
      {
        id: 'LlrINFbDy1u',
        at: '2025-09-11T18:00:00Z',
        duration: 'PT13M30S',
        views: 187_900,
        title: 'Hill Training When You Live Somewhere Flat',
        description:
          'Treadmill incline sessions, stairs, parking garages and bridge repeats: how to get ready for a mountain race from a flat city, and how to practise the descents, which most flatlanders forget.',
        tags: ['hill training', 'treadmill incline', 'vert', 'trail running training', 'stair workouts', 'flat city'],
        comments: [
          'Parking garage repeats at 5am in Houston, this is my life now 😂',
          'The downhill practice part is what I was missing. My quads were destroyed at my last race.',
        ],
      },
      {
        id: 'iyMqKUIrQ9h',
        at: '2025-10-23T18:00:00Z',
        duration: 'PT24M48S',
        views: 254_100,
        title: 'Grand Canyon Rim to Rim to Rim: Planning and Safety',
        description:
          'R2R2R is about 42 miles and 11,000 feet of climbing. Water sources, seasonal closures, heat, and why you should respect the canyon. Check the park service for current rules and water status before you go.',
        tags: ['rim to rim to rim', 'grand canyon', 'r2r2r', 'trail running', 'desert running', 'adventure run'],
        comments: [
          'Did R2R2R in October, the climb back up Bright Angel in the dark was brutal but so beautiful.',
          'Thank you for talking about the heat. People underestimate the inner canyon every year.',
          'Would you go South Kaibab down or Bright Angel down?',
        ],
      },
      {
        id: 'x54d-RolkF_',
        at: '2025-12-11T18:00:00Z',
        duration: 'PT20M05S',
        views: 161_300,
        title: 'Strength Training for Trail Runners (20 Minutes, Twice a Week)',
        description:
          'A follow-along routine with single-leg work, calf raises, step-downs and ankle stability exercises. No gym needed, just a step and a backpack with some weight in it.',
        tags: ['strength training', 'trail runners', 'injury prevention', 'single leg', 'ankle strength', 'runner workout'],
        comments: [
          'Did this twice a week for two months and my knee pain on descents is gone.',
          'Step-downs are so humbling. Great routine.',
        ],
      },
      {
        id: 'QiqIjpTv-jQ',
        at: '2026-01-08T18:00:00Z',
        duration: 'PT26M30S',
        views: 389_200,
        title: 'Trail Running Shoes of the Year 2025',
        description:
          'My favourite trail shoes of 2025 in five categories: daily trainer, technical mountain shoe, race shoe, max cushion and budget pick. Featuring the Northwind Talus 3, the Vireo Trail Racer, the Granite Glide 2 and a few surprises.',
        tags: ['best trail running shoes', 'shoes of the year', 'northwind talus 3', 'vireo trail racer', 'granite glide', 'trail shoe review'],
        comments: [
          'Talus 3 as the daily trainer pick is spot on, mine have 400 miles and still grip.',
          'The Granite Glide 2 as budget pick, yes! Best value shoe out there.',
          'No max cushion shoe from Northwind yet? Hope they make one.',
        ],
      },
    ],
  },
  {
    theme: 'trail',
    id: 'UC0UCuExXhf4pTu6DRH9v4NA',
    handle: 'fellandtarn',
    title: 'Fell & Tarn Running',
    country: 'GB',
    since: '2019-01-14T19:30:02Z',
    subscribers: 96_500,
    videoCount: 88,
    keywords: '"fell running" "lake district" "trail running" "bob graham round" "mountain marathon" navigation',
    description:
      "Fell running, mountain marathons and trail races in the Lake District. I'm Hannah, a physio and club runner, and I make videos about route recces, navigation, kit and staying injury-free on the hills.\n\nClub and coaching: https://www.fellandtarn.example\nKit I use: https://amzn.to/3FellKit\nInstagram: https://instagram.com/fellandtarn",
    footer:
      'Coaching and route notes: https://www.fellandtarn.example\nKit I use: https://amzn.to/3FellKit\nInstagram: https://instagram.com/fellandtarn\n\nAlways carry full body cover, a map and a compass on the fells, whatever the forecast says.',
    thanks: [
      'Thanks so much! See you on the fells 🏃‍♀️',
      'Brilliant, love to hear it!',
      'Thanks, that means a lot!',
    ],
    answers: [
      "Great question! I'll answer it properly in the next Q&A.",
      'Good question! More on that in a future video.',
    ],
    videos: [
      {
        id: 'P5_bwYumbcg',
        at: '2025-02-13T19:00:00Z',
        duration: 'PT18M40S',
        views: 64_200,
        title: 'Bob Graham Round Recce: Leg 2, Threlkeld to Dunmail',
        description:
          'Leg 2 of the Bob Graham Round takes in Clough Head, the Dodds and Helvellyn before dropping to Dunmail Raise. Lines, trods, water and the spot where everyone goes wrong in the mist.',
        tags: ['bob graham round', 'fell running', 'lake district', 'helvellyn', 'route recce', 'ultra'],
        comments: [
          'The line off Fairfield in the mist got me too on my first recce, thanks for showing it.',
          'Leg 2 is the friendliest leg in my opinion, good running on the Dodds.',
          'Are you attempting the Bob Graham this summer?',
        ],
      },
      {
        id: '4i2nQml6rD1',
        at: '2025-04-03T19:00:00Z',
        duration: 'PT15M15S',
        views: 88_300,
        title: 'Navigation for Fell Runners: Map and Compass Basics',
        description:
          'Taking a bearing, pacing, handrails and attack points, all at running pace. The basics every fell runner needs before relying on a watch, practised on real ground above Grasmere.',
        tags: ['navigation', 'map and compass', 'fell running', 'mountain marathon', 'orienteering', 'lake district'],
        comments: [
          'Attack points explained like this finally makes sense to me.',
          'My watch died on a mountain marathon and this is exactly what got me home.',
        ],
      },
      {
        id: 'p9fLzfT5O4a',
        at: '2025-05-22T19:00:00Z',
        duration: 'PT11M05S',
        views: 72_600,
        title: 'Fell Shoes vs Trail Shoes: When You Need Deep Lugs',
        description:
          'Deep 8 mm lugs grip wet grass and bog; trail shoes are comfier on hard paths. I compare a classic fell shoe with the Northwind Talus 3 on wet grass, scree and a long road section.',
        tags: ['fell shoes', 'trail shoes', 'deep lugs', 'northwind talus 3', 'grip', 'mud running'],
        comments: [
          'The Talus 3 on wet grass was better than I expected, but the fell shoe still wins on the steep stuff.',
          'Great comparison. I run in trail shoes until October and fell shoes all winter.',
        ],
      },
      {
        id: 'AecQuQvuN08',
        at: '2025-07-10T19:00:00Z',
        duration: 'PT13M50S',
        views: 51_900,
        title: 'Running the Langdale Horseshoe',
        description:
          'The Langdale Horseshoe is a classic fell race route: Stake Pass, Bowfell, Crinkle Crags and the descent back to the valley. A full run-through with the lines I use and where to save your legs.',
        tags: ['langdale', 'fell running', 'lake district', 'horseshoe route', 'mountain running'],
        comments: [
          'Crinkle Crags in the clag is a proper test of navigation.',
          'The Bad Step is not somewhere I want to be on tired legs 😬',
        ],
      },
      {
        id: '_qHr0e97V17',
        at: '2025-09-04T19:00:00Z',
        duration: 'PT12M20S',
        views: 93_800,
        title: 'Physio Tips: Ankle Sprains on the Fells',
        description:
          'What to do in the first 48 hours, when to get it checked, and the balance and strength work that stops it happening again. From a physio who has rolled her own ankle more times than she will admit.',
        tags: ['ankle sprain', 'physio', 'injury prevention', 'proprioception', 'fell running', 'rehab'],
        comments: [
          'Balance board every evening while brushing my teeth, no sprains since.',
          'How soon can you run again after a grade 2 sprain?',
        ],
      },
      {
        id: 'lh0U0sZrXTg',
        at: '2025-10-16T19:00:00Z',
        duration: 'PT16M30S',
        views: 48_700,
        title: 'Mountain Marathon Kit List (Two Days, Self-Supported)',
        description:
          'Two days, a pair of runners, an overnight camp and everything on your back. Tent, sleeping bag, stove, food and the mandatory kit, with weights, for a two-day mountain marathon.',
        tags: ['mountain marathon', 'kit list', 'overnight', 'self supported', 'fell running', 'lightweight camping'],
        comments: [
          'We used a Northwind Skyline 2 for our first mountain marathon, plenty of room for two.',
          'Splitting the kit between partners is half the battle, great tips.',
        ],
      },
      {
        id: 'O5FllrzFUyw',
        at: '2025-12-18T19:00:00Z',
        duration: 'PT10M40S',
        views: 57_300,
        title: 'Winter Fell Running: Staying Warm and Safe',
        description:
          'Short days, ice and wind chill. Layers, microspikes, a headtorch with a spare battery, telling someone your route, and choosing lower routes when the tops are out of condition.',
        tags: ['winter running', 'fell running', 'microspikes', 'layers', 'headtorch', 'lake district'],
        comments: [
          'Microspikes on the icy paths up Catbells this week were essential.',
          'Telling someone your route is the most important tip here.',
        ],
      },
    ],
  },
];
