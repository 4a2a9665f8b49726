// Van life & budget travel: the demo's channels of this theme, written by hand (server/seed/demo-content.ts builds them).
import type { ChannelDef } from './types.ts';

export const TRAVEL: ChannelDef[] = [
  {
    theme: 'travel',
    id: 'UCEiKR-UvzD28zTE05MIbCWC',
    handle: 'rustandroam',
    title: 'Rust & Roam',
    country: 'US',
    since: '2020-06-11T03:02:18Z',
    subscribers: 746_000,
    videoCount: 268,
    keywords: '"van life" "van build" campervan boondocking "solar setup" "national parks" "full time travel" "road trip"',
    description:
      'Two people, one dog and a 2019 high-roof cargo van we converted ourselves. We have been full-time on the road since 2021: national parks, public lands, remote work from the middle of nowhere and a lot of problem-solving.\n\nBuild guide and wiring diagram: https://www.rustandroam.example/build\nOur solar and battery setup: https://bit.ly/rr-solar\nInstagram: https://instagram.com/rustandroam\nPatreon: https://www.patreon.com/rustandroam',
    footer:
      'Build guide and wiring diagram: https://www.rustandroam.example/build\nSolar and battery setup: https://bit.ly/rr-solar\nInstagram: https://instagram.com/rustandroam\nPatreon: https://www.patreon.com/rustandroam\n\nWe pay for everything in our van. Affiliate links help keep us on the road.',
    thanks: [
      'Thanks for riding along! 🚐',
      'Thanks for watching, the dog says hi 🐶',
      'Safe travels, and pack out everything!',
    ],
    answers: [
      'It is all in the blog post linked in the description.',
      'Great question, we will answer it in the next Q&A.',
    ],
    videos: [
      {
        id: 'K2ZWKf2oSRZ',
        at: '2025-01-30T20:00:00Z',
        duration: 'PT22M15S',
        views: 498_700,
        title: 'Our Van Solar Setup After 3 Years (400 W + 300 Ah Lithium)',
        description:
          'Four 100 W panels, a 300 Ah Tidewater lithium battery, a DC-DC charger and a 2,000 W inverter. What works, what we would change, and our real daily power use with a fridge, two laptops and satellite internet.',
        tags: ['van solar', 'lithium battery', 'van electrical', 'tidewater battery', 'solar setup', 'van build'],
        comments: [
          'The DC-DC charger explanation finally made sense to me. Ordering parts this weekend.',
          'How does the Tidewater battery do in freezing temperatures?',
          'Thank you for showing real numbers instead of "it just works".',
        ],
      },
      {
        id: 'B81_yRn7Bqe',
        at: '2025-03-18T20:00:00Z',
        duration: 'PT16M40S',
        views: 387_200,
        title: 'Boondocking 101: Finding Free Camping on Public Land',
        description:
          'How we find free dispersed camping on public land: land-management maps, stay limits, checking the road before you commit, and the etiquette that keeps these places open. Leave it better than you found it.',
        tags: ['boondocking', 'free camping', 'public land', 'dispersed camping', 'blm camping', 'van life tips'],
        comments: [
          'The stay limit and etiquette part should be shown to every new van lifer.',
          'We got stuck in sand once because we did not check the road first. Lesson learned.',
          'Do you ever feel unsafe boondocking alone?',
        ],
      },
      {
        id: 'EiK6htrfhp1',
        at: '2025-04-29T20:00:00Z',
        duration: 'PT25M50S',
        views: 343_900,
        title: "Utah's Mighty Five in a Van: 12-Day Route",
        description:
          'Zion, Bryce Canyon, Capitol Reef, Canyonlands and Arches in twelve days: where we slept, which hikes we would repeat, timed entry reservations, and how we kept the dog happy in the heat.',
        tags: ['utah mighty five', 'zion', 'arches', 'canyonlands', 'bryce canyon', 'capitol reef', 'van road trip'],
        comments: [
          'Capitol Reef is so underrated. The pie at the old orchard is worth the drive alone.',
          'Saved this route for our May trip, thank you!',
          'How did you handle timed entry at Arches?',
        ],
      },
      {
        id: 'kCxGKB7YQJd',
        at: '2025-06-10T20:00:00Z',
        duration: 'PT18M05S',
        views: 276_400,
        title: 'Working Remotely From a Van: Internet, Power and Sanity',
        description:
          "Satellite internet, a cell booster, a battery that can run two laptops all day, and the routines that keep us productive. We also talk about the days it doesn't work and what we do then.",
        tags: ['remote work', 'van life internet', 'satellite internet', 'digital nomad', 'work from van', 'mobile office'],
        comments: [
          'Work routines are the thing nobody talks about. This was really honest.',
          'How much power does the satellite dish pull per day?',
        ],
      },
      {
        id: 'DneAiBGA8Ll',
        at: '2025-07-22T20:00:00Z',
        duration: 'PT20M30S',
        views: 412_600,
        title: 'What a Year of Van Life Costs (Our Real Numbers)',
        description:
          'Every dollar we spent in a year on the road: fuel, insurance, food, repairs, campgrounds, internet and the dog. Total, monthly average, and where we could save if we had to.',
        tags: ['van life cost', 'budget', 'full time van life', 'expenses', 'travel budget', 'cost of living'],
        comments: [
          'Repairs being the second biggest cost is so real. Our transmission says hi.',
          'Thank you for including insurance, most people leave it out.',
          'Can you share the spreadsheet template?',
        ],
      },
      {
        id: 'p6gXCIYh35X',
        at: '2025-10-14T20:00:00Z',
        duration: 'PT17M20S',
        views: 198_100,
        title: 'Winterizing the Van: Heat, Condensation and Frozen Water Lines',
        description:
          'Our first winter taught us a lot: a diesel heater, moving the water tank inside, ventilation to beat condensation, and insulating the windows. Everything we changed before our second winter.',
        tags: ['winter van life', 'diesel heater', 'condensation', 'frozen pipes', 'insulation', 'van build'],
        comments: [
          'The diesel heater altitude setting tip saved our trip to Colorado.',
          'Condensation was our biggest problem in the first winter, more ventilation fixed it.',
        ],
      },
      {
        id: 'fRwhs2MhM9v',
        at: '2025-12-02T20:00:00Z',
        duration: 'PT23M40S',
        views: 264_300,
        title: 'Baja California by Van: Beaches, Tacos and Checkpoints',
        description:
          'Six weeks in Baja California: crossing the border, insurance, military checkpoints, our favourite beach camps, and the best fish tacos we had. Slow travel at its best.',
        tags: ['baja california', 'van life mexico', 'road trip', 'beach camping', 'tacos', 'travel mexico'],
        comments: [
          'Baja is so much more relaxed than people think, just go slow and respect the checkpoints.',
          'Which beach camp was the one with the whales?',
        ],
      },
      {
        id: '9xSK7zT6sbN',
        at: '2026-02-10T20:00:00Z',
        duration: 'PT14M10S',
        views: 154_800,
        title: 'Van Kitchen Tour and 5 Easy Road Trip Meals',
        description:
          'Our two-burner van kitchen, the fridge, the pantry drawer, and five meals we make every week on the road: breakfast burritos, one-pot pasta, curry, tacos and a skillet cookie.',
        tags: ['van kitchen', 'road trip meals', 'camp cooking', 'van life cooking', 'easy recipes', 'small space cooking'],
        comments: [
          'The skillet cookie is now a Friday tradition in our van.',
          'How do you deal with cooking smells in such a small space?',
        ],
      },
    ],
  },
  {
    theme: 'travel',
    id: 'UClFTGmwdBxynm3Ka0kZeL-r',
    handle: 'shoestringnomad',
    title: 'Shoestring Nomad',
    country: 'PT',
    since: '2019-04-04T10:21:36Z',
    subscribers: 289_000,
    videoCount: 197,
    keywords: '"budget travel" backpacking interrail "night train" hostels "travel on a budget" europe "one bag travel"',
    description:
      "Budget travel without the misery: night trains, hostels, rail passes, cheap eats and the occasional splurge. I'm Callum, a Scottish designer living in Lisbon who has travelled on about €45 a day since 2019, mostly around Europe and Southeast Asia.\n\nBudget spreadsheets: https://shoestringnomad.example\nTravel insurance I use: https://bit.ly/sn-insure\nInstagram: https://instagram.com/shoestringnomad",
    footer:
      'Budget spreadsheets and city guides: https://shoestringnomad.example\nTravel insurance I use: https://bit.ly/sn-insure\nInstagram: https://instagram.com/shoestringnomad\n\nPrices were correct when I filmed; they change, so check before you go.',
    thanks: [
      'Cheers for watching! 🚆',
      'Love that, thanks for sharing!',
      'Brilliant, thanks for watching!',
    ],
    answers: [
      'Great question, the city guides on the website cover that in detail.',
      "Good shout, I'll add that to the guide.",
    ],
    videos: [
      {
        id: 'ffgdREzf-8T',
        at: '2025-02-20T12:00:00Z',
        duration: 'PT19M25S',
        views: 356_100,
        title: 'Interrail Pass: Is It Still Worth It in 2025?',
        description:
          'I did the maths for five typical routes: when an Interrail pass beats point-to-point tickets, which countries need seat reservations, and how to avoid paying twice on high-speed trains.',
        tags: ['interrail', 'eurail', 'train travel europe', 'rail pass', 'seat reservations', 'budget travel'],
        comments: [
          'The Interrail pass paid for itself in the first week in Switzerland.',
          'Seat reservations on Italian and French high-speed trains caught us out, thanks for warning people.',
          'Is the Interrail pass worth it for only two weeks?',
        ],
      },
      {
        id: 'XTh5Fwadu5l',
        at: '2025-04-08T12:00:00Z',
        duration: 'PT15M35S',
        views: 284_700,
        title: 'Night Train Vienna to Venice: Couchette vs Sleeper',
        description:
          'I took the night train from Vienna to Venice twice: once in a six-berth couchette and once in a private sleeper. Price, sleep quality, breakfast, and whether the sleeper is worth the splurge.',
        tags: ['night train', 'vienna', 'venice', 'couchette', 'sleeper train', 'train travel'],
        comments: [
          'Waking up to the lagoon outside the window is the best travel moment I have had.',
          'Couchettes are fine if you bring earplugs and a sleep mask.',
          'How early did you book the sleeper?',
        ],
      },
      {
        id: 'zqqtbtkBJBP',
        at: '2025-05-27T12:00:00Z',
        duration: 'PT17M50S',
        views: 231_400,
        title: 'Lisbon on €40 a Day',
        description:
          'Where I would stay, eat and wander in Lisbon on €40 a day: hostels in Anjos, lunch deals at small tascas, free viewpoints, and the tram route that is just as good as the famous one without the queue.',
        tags: ['lisbon', 'budget travel', 'portugal', 'cheap eats', 'travel on a budget', 'hostels'],
        comments: [
          'The prato do dia lunch deals are how we ate so well in Lisbon for so little.',
          'Anjos is such a good area, thanks for not sending everyone to Alfama.',
        ],
      },
      {
        id: 'mCEp2nvmg8R',
        at: '2025-07-15T12:00:00Z',
        duration: 'PT16M10S',
        views: 402_900,
        title: "Albania's Riviera: Europe's Best Budget Beaches?",
        description:
          'Ksamil, Himarë and the quieter coves in between: guesthouses, furgon minibuses, seafood dinners and what a week on the Albanian Riviera really costs in July.',
        tags: ['albania', 'ksamil', 'himare', 'albanian riviera', 'budget beaches', 'balkans travel'],
        comments: [
          "Albania's Riviera was the highlight of our Balkans trip, the Ksamil beaches are unreal.",
          'Furgons are chaotic but so cheap, love that you showed how they work.',
          'Is it still quiet in September?',
        ],
      },
      {
        id: 'PUZ5bOO-W8-',
        at: '2025-08-26T12:00:00Z',
        duration: 'PT13M25S',
        views: 318_200,
        title: 'How I Pack for 3 Months in a 30 L Backpack',
        description:
          'One bag, carry-on only, for three months across climates. Packing cubes, merino layers, the laptop sleeve, laundry on the road, and why I travel with the Northwind Transit 30.',
        tags: ['carry on only', 'packing list', '30l backpack', 'one bag travel', 'northwind transit 30', 'minimalist packing'],
        comments: [
          'The Northwind Transit 30 fits under every budget airline seat I have tried.',
          'Merino t-shirts for three months with no smell? I need to try this.',
          'What do you do for a warm jacket in winter with only 30 litres?',
        ],
      },
      {
        id: 'K-YTlwGfMRy',
        at: '2025-10-28T12:00:00Z',
        duration: 'PT21M40S',
        views: 267_800,
        title: 'Ha Giang Loop by Motorbike: 4 Days in Northern Vietnam',
        description:
          'The Ha Giang Loop with a local easy rider: mountain passes, homestays, the Ma Pi Leng Pass, costs, safety, and why I would not ride it myself as a beginner.',
        tags: ['ha giang loop', 'vietnam', 'motorbike', 'easy rider', 'northern vietnam', 'backpacking asia'],
        comments: [
          'The Ha Giang Loop with an easy rider was the highlight of my three months in Vietnam.',
          'Respect for saying you would not ride it yourself as a beginner.',
        ],
      },
      {
        id: 'iMjdDK5lMFC',
        at: '2025-12-09T12:00:00Z',
        duration: 'PT14M45S',
        views: 142_600,
        title: 'Hostels vs Guesthouses vs House-Sitting',
        description:
          'Three ways to sleep cheaply for a long trip. What each really costs per night, who it suits, and how I got my first house-sit with no reviews.',
        tags: ['hostels', 'house sitting', 'cheap accommodation', 'budget travel', 'guesthouses', 'travel tips'],
        comments: [
          'House-sitting across Portugal let us travel for three months on almost nothing.',
          'How did you get your first house-sit without reviews?',
        ],
      },
      {
        id: 'crUtmFW0ViM',
        at: '2026-01-27T12:00:00Z',
        duration: 'PT16M20S',
        views: 124_300,
        title: 'Renting a Campervan in Europe: What I Wish I Knew',
        description:
          'Two weeks in a compact campervan from Switchback Vans in Munich, through Tyrol and the Dolomites. Insurance excess, mileage, aires and campsites, toll vignettes, and whether a van is cheaper than trains and hostels.',
        tags: ['campervan rental', 'europe road trip', 'camper van', 'switchback vans', 'dolomites road trip', 'budget'],
        comments: [
          'We rented from Switchback Vans in Innsbruck too, the solar setup meant we never needed a hook-up.',
          'Toll vignettes for Austria caught us out, great that you mention them.',
          'Is it cheaper than trains for two people?',
        ],
      },
    ],
  },
];
