import { mulberry32 } from '../lib/random.ts';
import type { z } from 'zod';
import type { ytChannel, ytCommentThread, ytVideo } from '../schemas/youtube.ts';

/**
 * Demo content for `adcli serve --seed demo`: channels, videos and comment threads in the shapes of
 * the YouTube Data API v3, written by us. Every creator, product and shop is invented; websites use
 * the reserved `.example` domain so no real business is named. Link shorteners and social links are
 * real hosts on purpose: filters of later features need something realistic to filter.
 *
 * Channels and videos are written out by hand. Comments are partly hand-written per video and partly
 * drawn from per-theme sentence pools with a seeded PRNG, so the result is the same on every machine.
 */

export type ChannelResource = z.input<typeof ytChannel>;
export type VideoResource = z.input<typeof ytVideo>;
export type CommentThreadResource = z.input<typeof ytCommentThread>;

export const DEMO_THEMES = ['hiking', 'trail', 'coffee', 'travel'] as const;
export type DemoTheme = (typeof DEMO_THEMES)[number];

export interface DemoContent {
  channels: ChannelResource[];
  videos: VideoResource[];
  commentThreads: CommentThreadResource[];
  /** Channel ids per theme, in the order they were written. */
  themes: Record<DemoTheme, string[]>;
}

interface VideoDef {
  id: string;
  at: string;
  duration: string;
  views: number;
  title: string;
  description: string;
  tags: string[];
  /** Comments written for this very video; the rest come from the theme's pools. */
  comments: string[];
}

interface ChannelDef {
  theme: DemoTheme;
  id: string;
  handle: string;
  title: string;
  country: string;
  since: string;
  subscribers: number;
  videoCount: number;
  keywords: string;
  description: string;
  /** Appended to every video description, as creators do. */
  footer: string;
  /** The creator's replies to a remark, and to a question. */
  thanks: string[];
  answers: string[];
  videos: VideoDef[];
}

const CATEGORY: Record<DemoTheme, string> = { hiking: '19', trail: '17', coffee: '26', travel: '19' };

const CHANNELS: ChannelDef[] = [
  // ---------------------------------------------------------------- hiking & backpacking
  {
    theme: 'hiking',
    id: 'UCnhwCGpIe9IdW5plisiGJLT',
    handle: 'ridgelinemiles',
    title: 'Ridgeline Miles',
    country: 'US',
    since: '2016-05-02T14:11:09Z',
    subscribers: 684_000,
    videoCount: 214,
    keywords: 'hiking backpacking "thru hike" "Pacific Crest Trail" "ultralight gear" "John Muir Trail" "gear review"',
    description:
      "Hi, I'm Maya. I've walked the Pacific Crest Trail, the Colorado Trail and most of the John Muir Trail twice, and this channel is where I share honest gear reviews, lighter packing lists and trip reports from the Sierra Nevada and beyond. Nothing here is sponsored unless I say so at the start of the video. New videos every other Thursday.\n\nGear I actually carry: https://www.ridgelinemiles.example/gear\nInstagram: https://instagram.com/ridgelinemiles\nBusiness enquiries: hello@ridgelinemiles.example",
    footer:
      'My current gear list: https://www.ridgelinemiles.example/gear\nResupply spreadsheet: https://bit.ly/rlm-resupply\nInstagram: https://instagram.com/ridgelinemiles\n\nI buy my own gear. Some links are affiliate links, which support the channel at no cost to you.',
    thanks: [
      'Thanks for watching! Happy trails 🌲',
      'So glad you enjoyed it!',
      'Thank you, that means a lot!',
      'Love hearing this, thank you!',
    ],
    answers: [
      "Great question, I'll add it to the FAQ on the blog.",
      "Short answer: it depends! I'll go into it properly in the next Q&A.",
      'The details are on my blog, linked in the description.',
    ],
    videos: [
      {
        id: 's3LbW-WY8kl',
        at: '2025-02-06T16:00:00Z',
        duration: 'PT24M10S',
        views: 512_400,
        title: 'My 2025 Pacific Crest Trail Gear List (Base Weight 11.2 lb)',
        description:
          "Every item I'm carrying on my second PCT thru-hike, from the Northwind Ridgeline 45 pack and the Featherpeak 20° quilt to the small things that live in my hip belt pocket. I explain what changed since my first thru-hike and why I went back to a trekking pole tent. Timestamps: 0:00 intro, 2:15 the big three, 9:40 cook kit, 14:05 water, 17:30 clothing, 21:50 what I left behind.",
        tags: ['pct gear list', 'ultralight backpacking', 'base weight', 'thru hike', 'northwind ridgeline 45', 'featherpeak quilt', 'backpacking gear 2025'],
        comments: [
          'Base weight 11.2 with a full trekking pole tent is impressive. Is that with or without the bear canister for the Sierra?',
          'The Northwind Ridgeline 45 keeps showing up in every gear list I watch. How does the hip belt feel after 25 mile days?',
          "Love that you explained WHY you went back to a trekking pole tent instead of just listing weights.",
          'Starting at Campo on April 12th, this list is basically my shopping list now 😅',
        ],
      },
      {
        id: '27v-LTpbTZ2',
        at: '2025-03-20T15:30:00Z',
        duration: 'PT19M33S',
        views: 228_900,
        title: 'Sierra Nevada in Early Season: Snow Travel, River Crossings and Microspikes',
        description:
          "Early season in the High Sierra is beautiful and serious. I walk through how I plan around the snowpack, when microspikes are enough and when they aren't, and how we crossed Evolution Creek safely after a big snow year. This video is not a substitute for a snow skills course, so please take one before you go.",
        tags: ['high sierra', 'snow travel', 'river crossing', 'microspikes', 'pct sierra', 'john muir trail', 'backpacking safety'],
        comments: [
          "Thank you for saying 'take a course'. Too many people watch one video and think they're ready for Forester Pass in May.",
          'Evolution Creek in a big snow year is no joke. We waited until 6am for the level to drop and it was still thigh deep.',
          'Do you carry an ice axe as well, or microspikes only until Sonora Pass?',
        ],
      },
      {
        id: 'ZdtMQx49P1T',
        at: '2025-05-15T16:00:00Z',
        duration: 'PT16M48S',
        views: 341_700,
        title: 'Northwind Ridgeline 45 After 2,000 Miles: Long-Term Review',
        description:
          "I bought the Northwind Ridgeline 45 with my own money and it has now done the Colorado Trail, half of the PCT and a lot of weekend trips. Here's how the roll-top, the hip belt pockets and the removable frame sheet held up, what wore out, and who I'd point to a different pack. Not sponsored; Northwind didn't see this before it went live.",
        tags: ['northwind ridgeline 45', 'backpack review', 'ultralight pack', 'long term review', 'thru hiking pack', 'frameless vs framed'],
        comments: [
          'The worn hip belt pocket zipper is exactly what happened on mine. Northwind replaced it under warranty in about two weeks though.',
          'Would you pick the Ridgeline 45 or the Ridgeline 55 for someone with a 15 lb base weight?',
          "Really appreciate long-term reviews instead of 'first impressions' videos.",
          'Does the frame sheet come out easily? I want to use it as a sit pad like you mentioned.',
        ],
      },
      {
        id: 'O-T-EseaSLj',
        at: '2025-07-03T15:00:00Z',
        duration: 'PT14M02S',
        views: 156_200,
        title: 'How I Resupply on a Thru-Hike (Mail Drops vs. Buying in Town)',
        description:
          "Mail drops or buy as you go? I've done both on the PCT and the Colorado Trail. I break down the cost, the post office opening hours headache, and the few places where I'd still send a box: Kennedy Meadows South, Muir Trail Ranch and Stehekin. The spreadsheet template I use is linked below.",
        tags: ['thru hike resupply', 'mail drops', 'pct resupply', 'colorado trail', 'backpacking food', 'kennedy meadows'],
        comments: [
          "Muir Trail Ranch bucket fees went up again this year, worth knowing if you're on a budget.",
          'The resupply spreadsheet is gold, thank you! Already filled in my Colorado Trail boxes.',
          'Stehekin bakery cinnamon rolls are the real reason to send a box there 😂',
        ],
      },
      {
        id: 'cwQ2LcGEiVP',
        at: '2025-08-21T16:00:00Z',
        duration: 'PT11M27S',
        views: 198_300,
        title: "Trekking Pole Tent Pitching: 5 Mistakes I Made So You Don't Have To",
        description:
          'Single-wall trekking pole shelters are light, but they punish a sloppy pitch. These are the five mistakes that cost me sleep: the wrong pole height, stakes at the wrong angle, ignoring the wind direction, condensation, and pitching in a cold-air sink. Shown with the Northwind Skyline 1 and a borrowed two-person shelter.',
        tags: ['trekking pole tent', 'tent pitching', 'condensation', 'northwind skyline', 'ultralight shelter', 'backpacking tips'],
        comments: [
          "Cold air sink explained so clearly! That's why my tent was soaked every morning at the lake.",
          'Pole height was my problem too. I marked mine with tape at 120 cm like you showed.',
          'Is the Skyline 1 roomy enough for someone who is 6 foot 2?',
        ],
      },
      {
        id: 'W6C60g5WOwy',
        at: '2025-10-09T15:00:00Z',
        duration: 'PT13M15S',
        views: 264_800,
        title: 'Food for a 5-Day Backpacking Trip Under $60',
        description:
          "Calorie-dense backpacking food doesn't need to come from the outdoor store. I do one grocery run for a five-day trip: tortillas, peanut butter, couscous, olive oil, dried mango, instant mashed potatoes and a few treats, about 3,200 calories a day. Full list and prices are on the blog: https://www.ridgelinemiles.example/food",
        tags: ['backpacking food', 'budget backpacking', 'trail meals', 'calorie dense', 'grocery store backpacking food', 'cold soaking'],
        comments: [
          'Olive oil packets are the most underrated backpacking food, 120 calories each.',
          'Couscous with instant mashed potatoes and olive oil is my go-to dinner now, thanks for the idea.',
          'Do you cold soak or cook? I saw the Halcyon stove in the background.',
        ],
      },
      {
        id: 'WUMsML1QHRY',
        at: '2025-12-04T16:00:00Z',
        duration: 'PT22M40S',
        views: 143_900,
        title: "Colorado Trail Collegiate West: The Best 80 Miles I've Hiked",
        description:
          "The Collegiate West alternate stays above treeline for days, with afternoon thunderstorms to plan around. I share our daily mileage, where we found water, our lightning plan, and why I'd do it again in a heartbeat. Filmed in late July.",
        tags: ['colorado trail', 'collegiate west', 'backpacking colorado', 'above treeline', 'lightning safety', 'trip report'],
        comments: [
          'Collegiate West in late July is magic. We got hailed on at Lake Ann Pass though!',
          'Your lightning plan section should be required watching for anyone going above treeline in Colorado.',
          'How many days did you take for the whole alternate?',
        ],
      },
      {
        id: 'QCRGFwgVyZF',
        at: '2026-01-22T16:00:00Z',
        duration: 'PT15M20S',
        views: 97_600,
        title: "Ultralight Doesn't Mean Uncomfortable: My Sleep System for Cold Nights",
        description:
          'Sleeping well is the difference between a great trip and a miserable one. My cold-night system: the Featherpeak 20° quilt, a sleeping pad with a high R-value, a down hood, and how I stop waking up cold at 3am. Includes the R-value math and the mistakes I made in the Sierra.',
        tags: ['sleep system', 'backpacking quilt', 'r value', 'featherpeak quilt', 'cold weather camping', 'ultralight'],
        comments: [
          'The down hood tip changed everything for me. Quilt drafts were my biggest problem.',
          "Which pad is the R-value 4.5 one in the video? Couldn't catch the name.",
          "Slept at 14°F in the Featherpeak 20 with a fleece on, it's warm for its rating.",
        ],
      },
    ],
  },
  {
    theme: 'hiking',
    id: 'UCY4X91deerCL6iDDFzaESkT',
    handle: 'fernwoodbackcountry',
    title: 'Fernwood Backcountry',
    country: 'CA',
    since: '2018-03-19T02:40:51Z',
    subscribers: 212_000,
    videoCount: 131,
    keywords: 'backpacking "canadian rockies" "british columbia" "camp cooking" canoe hiking "bear safety"',
    description:
      "Backpacking, canoe tripping and camp cooking in British Columbia and the Canadian Rockies. We're Jonah and Priya, two teachers who spend every summer in the backcountry and every winter editing it. Expect trail guides, honest gear notes and a lot of dehydrated curry.\n\nTrail guides and meal plans: https://fernwoodbackcountry.example\nSupport the channel: https://www.patreon.com/fernwoodbackcountry\nInstagram: https://instagram.com/fernwood.backcountry",
    footer:
      'Trail guides and meal plans: https://fernwoodbackcountry.example\nOur gear: https://bit.ly/fernwood-kit\nInstagram: https://instagram.com/fernwood.backcountry\n\nPlease practise Leave No Trace and check park advisories before you go.',
    thanks: [
      'Thank you! Priya says hi 👋',
      'Thanks for watching, happy trails!',
      'Thanks so much for the kind words!',
    ],
    answers: [
      'Great question, we will cover it in the Q&A video this winter.',
      "It's all in the trail guide on our website, hope it helps!",
    ],
    videos: [
      {
        id: 'PGjamNqV4Bj',
        at: '2025-03-13T14:00:00Z',
        duration: 'PT12M40S',
        views: 121_900,
        title: 'One-Pot Backcountry Curry (Dehydrated at Home)',
        description:
          "Priya's chickpea coconut curry, dehydrated at home and rehydrated in one pot at camp. We show the dehydrator settings, how we portion it into bags, and how much fuel it takes on our Halcyon canister stove. Recipe card on the website.",
        tags: ['backpacking recipes', 'dehydrated meals', 'camp cooking', 'one pot meal', 'halcyon stove', 'backcountry curry'],
        comments: [
          'Made this for our West Coast Trail trip and everyone asked for the recipe.',
          'What temperature do you dehydrate the coconut milk at? Mine went a bit rancid last time.',
          'Love a recipe video that includes fuel consumption, so practical.',
        ],
      },
      {
        id: 'uMgANdMx4Bp',
        at: '2025-05-01T14:00:00Z',
        duration: 'PT17M12S',
        views: 234_600,
        title: 'Bear Safety in British Columbia: Spray, Food Storage and What We Actually Do',
        description:
          "Grizzlies and black bears share almost every trail we hike. We cover carrying bear spray where you can actually reach it, food hangs versus bear barrels versus food lockers, cooking away from the tent, and the two encounters we've had in ten years.",
        tags: ['bear safety', 'bear spray', 'grizzly', 'food storage', 'british columbia hiking', 'backcountry safety'],
        comments: [
          'Your point about keeping bear spray on the hip belt and not in the side pocket is so important.',
          "We met a grizzly near Lake O'Hara last summer and talking calmly while backing away worked exactly like you described.",
          'Do you use a bear barrel on canoe trips too?',
        ],
      },
      {
        id: 'OO2WpSZ2UZ6',
        at: '2025-06-26T14:00:00Z',
        duration: 'PT18M30S',
        views: 89_300,
        title: 'Canoe Tripping for Backpackers: What Changes',
        description:
          "We took our backpacking kit on a five-day canoe circuit in Bowron Lake Provincial Park and learned which habits transfer and which don't. Portage carts, dry bags, heavier and better food, and why your ultralight pack makes a bad portage pack.",
        tags: ['canoe trip', 'bowron lakes', 'canoe camping', 'portage', 'dry bags', 'paddling'],
        comments: [
          'Bowron Lakes circuit is on my bucket list, the portage cart section was super helpful.',
          'The ultralight pack on a portage bit made me laugh, I learned that the hard way.',
          'How did you waterproof the camera gear in the canoe?',
        ],
      },
      {
        id: 'w0C-q4p-e67',
        at: '2025-08-07T14:00:00Z',
        duration: 'PT21M05S',
        views: 188_400,
        title: 'Four Days on the Rockwall Trail in Kootenay National Park',
        description:
          "The Rockwall is 55 km of hanging glaciers, alpine meadows and three big passes. We walked it north to south over four days with a night at Floe Lake. Campsite reservations, the car shuttle and what we'd change next time.",
        tags: ['rockwall trail', 'kootenay national park', 'canadian rockies', 'backpacking canada', 'floe lake', 'trip report'],
        comments: [
          'Floe Lake at sunrise is one of the best things I have ever seen. Great footage!',
          "How did you handle the car shuttle? That's the part scaring me off.",
          'Booking Rockwall campsites on release day was more stressful than any of the passes 😂',
        ],
      },
      {
        id: 'ZEtwXU7U716',
        at: '2025-09-18T14:00:00Z',
        duration: 'PT13M55S',
        views: 142_100,
        title: 'Our Northwind Skyline 2 After Three Summers',
        description:
          "We've slept about 90 nights in the Northwind Skyline 2 in the Rockies and on the coast. Wind performance on exposed ridges, condensation in the coastal rainforest, the zippers, and the one repair we had to make with a patch kit.",
        tags: ['northwind skyline 2', 'tent review', 'two person tent', 'backpacking tent', 'long term review'],
        comments: [
          'Good to hear the Skyline 2 handles wind, we camp on exposed ridges a lot.',
          'Does the Skyline 2 fit two wide sleeping pads side by side?',
          'We have the same tent and the vestibule zipper also got sticky, a bit of silicone fixed it.',
        ],
      },
      {
        id: '_KvO8tMCjXa',
        at: '2025-10-02T14:00:00Z',
        duration: 'PT10M48S',
        views: 176_500,
        title: 'Larch Season in the Rockies: Crowds, Shuttles and Quiet Alternatives',
        description:
          'Larch season in late September is gorgeous and absolutely packed. We share how the Moraine Lake shuttle works, Larch Valley on a weekday, and three quieter larch hikes we love in Kananaskis Country.',
        tags: ['larch season', 'kananaskis', 'moraine lake', 'larch valley', 'fall hiking', 'canadian rockies'],
        comments: [
          'Kananaskis larches without the Moraine Lake chaos, thank you!',
          'We went on a Tuesday at 6am and Larch Valley was still busy, but worth it.',
          'Which of the Kananaskis hikes is best with a 9 year old?',
        ],
      },
      {
        id: 'IJ2fJFrDX1_',
        at: '2026-01-15T14:00:00Z',
        duration: 'PT20M20S',
        views: 103_400,
        title: 'Winter Camping for the First Time: Our Gear and Mistakes',
        description:
          'Our first real winter camp at minus 18°C. Two-pad sleep systems, keeping water from freezing, boot liners in the sleeping bag, and the canister stove that struggled in the cold. Lots of mistakes, all honest.',
        tags: ['winter camping', 'cold weather camping', 'sleep system', 'snow camping', 'canadian winter', 'beginner'],
        comments: [
          'Boot liners in the sleeping bag is a lesson everyone learns once.',
          'Canister stoves at minus 18, yeah... liquid fuel all the way in winter.',
          'Please do a follow-up on snowshoe backpacking!',
        ],
      },
    ],
  },
  {
    theme: 'hiking',
    id: 'UCwK372qPJDSvPyVhixskHMj',
    handle: 'alpinelena',
    title: 'Alpine Lena',
    country: 'DE',
    since: '2017-09-08T09:12:44Z',
    subscribers: 327_000,
    videoCount: 176,
    keywords: '"hut to hut" dolomites "tour du mont blanc" "alps hiking" "alta via 1" wandern "via ferrata"',
    description:
      "Servus! I'm Lena from Munich and I hike from hut to hut in the Alps: the Dolomites, the Tour du Mont Blanc, the Stubai High Trail and many lesser-known routes in Austria and Switzerland. Expect honest route guides, hut booking tips and packing lists for multi-day hikes without a tent.\n\nRoute guides: https://alpinelena.example\nMy route collections: https://bit.ly/lena-routes\nInstagram: https://instagram.com/alpine.lena",
    footer:
      'Route guides and hut lists: https://alpinelena.example\nRoute collections: https://bit.ly/lena-routes\nInstagram: https://instagram.com/alpine.lena\n\nMountains are serious: check the weather, turn around early, and book huts only if you will really come.',
    thanks: [
      'Danke! Enjoy the mountains 🏔️',
      'So happy you liked it!',
      'Wunderbar, that makes me very happy!',
    ],
    answers: [
      'Good question, I will put it in the route guide on the website.',
      'The short answer is in the route guide, the long one in a video this winter!',
    ],
    videos: [
      {
        id: 'UHuB4hj5frA',
        at: '2025-02-27T17:00:00Z',
        duration: 'PT27M14S',
        views: 402_300,
        title: 'Alta Via 1 in 8 Days: Complete Guide (Huts, Costs, Difficulty)',
        description:
          'The Alta Via 1 runs from Lago di Braies to Belluno through the heart of the Dolomites. I cover every stage, which rifugi to book and when bookings open, half-board prices, the via ferrata sections you can skip, and how to get there by train and bus.',
        tags: ['alta via 1', 'dolomites', 'hut to hut hiking', 'rifugio', 'trekking italy', 'hiking guide'],
        comments: [
          'Booked all our rifugi in January thanks to this video, doing the Alta Via 1 in July!',
          'Rifugio Lagazuoi at sunset is worth the price of the whole trip.',
          "Is the Alta Via 1 OK for someone who's never done a via ferrata?",
          'The stage-by-stage cost table is so useful, half board adds up fast.',
        ],
      },
      {
        id: 'UPxlz4t70xq',
        at: '2025-04-10T17:00:00Z',
        duration: 'PT15M50S',
        views: 287_900,
        title: 'What I Pack for Hut-to-Hut Hiking (Under 7 kg)',
        description:
          "No tent, no stove, no sleeping bag, but you still need a hut sleeping bag liner, earplugs, warm layers for a snowy pass in July, and cash. My full packing list for a week in the Alps, carried in the Northwind Ridgeline 35.",
        tags: ['packing list', 'hut to hut', 'alps hiking', 'sleeping bag liner', 'northwind ridgeline', 'trekking'],
        comments: [
          'The earplugs tip. Dormitory snoring is real 😂',
          'Do huts in Austria take cards now or is it still cash only?',
          'The Ridgeline 35 looks perfect, is it sold anywhere in Europe?',
        ],
      },
      {
        id: 'qDhzQQXzEPr',
        at: '2025-06-05T17:00:00Z',
        duration: 'PT18M22S',
        views: 318_400,
        title: 'Tour du Mont Blanc: Counterclockwise vs Clockwise',
        description:
          'Most people walk the TMB counterclockwise from Les Houches. I walked it clockwise from Champex and loved it. The trade-offs: crowds, refuge availability, which big climbs you face early, and the views into the Italian Val Ferret.',
        tags: ['tour du mont blanc', 'tmb', 'chamonix', 'courmayeur', 'champex', 'trekking alps'],
        comments: [
          'Clockwise from Champex meant we saw the same friendly group every evening instead of the crowds.',
          'Refuge Bonatti was fully booked 8 months out, any alternatives near there?',
          'The Val Ferret views are the best of the whole TMB for me.',
        ],
      },
      {
        id: 'TJO9qky5b_B',
        at: '2025-07-17T17:00:00Z',
        duration: 'PT16M05S',
        views: 154_700,
        title: "Stubai High Trail: Austria's Underrated Hut Trek",
        description:
          'Seven huts, glacier views and far fewer people than the Dolomites. The Stubaier Höhenweg is demanding in places, with cable-secured sections, and I explain which stages to skip if the weather turns.',
        tags: ['stubai high trail', 'stubaier höhenweg', 'austria hiking', 'tyrol', 'hut trek', 'alps'],
        comments: [
          'Did this last September with my dad, the apple strudel at the Sulzenau hut is legendary.',
          'The cable sections scared me more than I expected, good that you show them honestly.',
          'How did you get from Innsbruck to Neustift by public transport?',
        ],
      },
      {
        id: 'vRtUNzWz2Fr',
        at: '2025-08-28T17:00:00Z',
        duration: 'PT14M30S',
        views: 201_600,
        title: 'Via Ferrata for Beginners: Gear and First Routes in the Dolomites',
        description:
          'Harness, a via ferrata lanyard with an energy absorber, a helmet and gloves, and a guide for your first time. I show three beginner-friendly via ferrate near Cortina d’Ampezzo and explain how the grading works.',
        tags: ['via ferrata', 'dolomites', 'cortina', 'climbing gear', 'beginner via ferrata', 'alps'],
        comments: [
          'Please everyone, check the recall lists for your via ferrata set, an older one of mine was affected.',
          'Gloves! Nobody tells you about the gloves until your hands are destroyed.',
          'Did my first via ferrata near Cortina after this video, perfect recommendation.',
        ],
      },
      {
        id: 'ZBhH8h4dpwL',
        at: '2025-09-25T17:00:00Z',
        duration: 'PT12M10S',
        views: 96_400,
        title: 'Hiking in the Alps When It Rains: Plan B Routes',
        description:
          'Afternoon thunderstorms and days of rain happen. How I read the mountain forecast, when I turn around, and rainy-day hikes through gorges and forests in Bavaria and Tyrol, like the Partnach Gorge near Garmisch.',
        tags: ['alps weather', 'thunderstorms', 'rainy day hike', 'bavaria', 'partnach gorge', 'mountain safety'],
        comments: [
          'The Partnach Gorge in the rain was actually more impressive than in the sun.',
          'Great tip about checking the mountain weather service rather than the phone app.',
        ],
      },
      {
        id: 'xkJ0z87gps0',
        at: '2025-11-13T17:00:00Z',
        duration: 'PT13M40S',
        views: 233_100,
        title: 'The Best Huts in the Dolomites (My Top 7)',
        description:
          "After four summers I've slept in more than thirty rifugi. These are my seven favourites for views, food and atmosphere, from Rifugio Lagazuoi to small family-run huts in the Puez-Odle group.",
        tags: ['dolomites huts', 'rifugio', 'puez odle', 'lagazuoi', 'alta via 2', 'italy hiking'],
        comments: [
          'The canederli at Rifugio Puez are the best I have ever had.',
          'Alta Via 2 next summer? Please!',
          'Saving this list for our honeymoon trek in September.',
        ],
      },
      {
        id: 'DpTXkH74pCA',
        at: '2026-02-05T17:00:00Z',
        duration: 'PT11M55S',
        views: 71_200,
        title: 'Winter Hut Trip on Snowshoes in Bavaria',
        description:
          'Some huts stay open in winter and can be reached on snowshoes. I walked up to a hut above Garmisch-Partenkirchen, talk about avalanche awareness on easy terrain, and show the layers that kept me warm.',
        tags: ['snowshoeing', 'winter hiking', 'bavaria', 'garmisch', 'avalanche safety', 'winter hut'],
        comments: [
          'Winter huts are so cosy, thanks for showing that this is possible without ski touring.',
          'Which avalanche course would you recommend for a beginner in Munich?',
        ],
      },
    ],
  },
  // ---------------------------------------------------------------- trail running
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
  // ---------------------------------------------------------------- home coffee
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
  // ---------------------------------------------------------------- van life & budget travel
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

// ---------------------------------------------------------------- comment pools

/** Said before a pooled comment now and then, so the same sentence reads differently. */
const OPENERS = [
  'Great video!',
  'Love this.',
  'Super helpful as always.',
  'Finally someone explains this properly.',
  'Watched this twice already.',
  'This is exactly what I needed.',
  'Such a calm and useful video.',
  'Been waiting for this one!',
  'Thanks for being so honest.',
  'Brilliant breakdown.',
  'Saving this for later.',
  'Really well made.',
];

interface ThemePool {
  bodies: string[];
  /** Questions another viewer can answer (a). */
  questions: { q: string; a: string }[];
  /** Replies that fit any pooled remark of the theme (they share an experience). */
  agree: string[];
}

/** Replies that fit any opinion; the second list fits a viewer's own experience; the third any question. */
const AGREE = ['Totally agree.', "Couldn't agree more.", 'This!', 'So true.'];
const SAME = ['Same here!', '+1, exactly my experience.', "Glad I'm not the only one!"];
const FOLLOW = ['Wondering the same thing!', 'Following, I want to know too.', 'Same question here.', 'Good question!'];

const POOLS: Record<DemoTheme, ThemePool> = {
  hiking: {
    bodies: [
      "I switched to a trekking pole tent last season and I'm never going back.",
      'The Northwind Ridgeline 45 has been on my back for two summers now and the roll-top still seals perfectly.',
      'Dropped my base weight from 19 lb to 12 lb mostly by swapping the tent and replacing the sleeping bag with a quilt.',
      'Hut-to-hut trips in the Dolomites changed how I think about packing light.',
      'Did the John Muir Trail last August and the bear canister was the heaviest thing in my pack by far.',
      "My Featherpeak 20° quilt is the best gear purchase I've ever made.",
      'Early starts are everything on big passes, we were always walking by 5:30.',
      'Cold soaking couscous and peanut butter got me through the Colorado Trail.',
      'Leave No Trace should be in every hiking video, thanks for mentioning it.',
      'The Northwind Skyline 2 survived a proper storm on the Olympic coast with zero leaks.',
      'Trekking poles saved my knees on the long descents, no question.',
      'Filtering with the Brightwater squeeze filter is so much faster than tablets.',
      'I carry a Halcyon canister stove and a 750 ml pot, it boils in about three minutes.',
      "Merino base layers for multi-day trips, synthetic for day hikes, that's my rule now.",
      'Booking huts and permits is honestly harder than the hiking itself.',
      'My first thru-hike is the Colorado Trail this summer, so this came at the perfect time.',
      "Blisters ended my last trip early, so I'm watching every foot care tip I can find.",
      'Checking the forecast twice a day saved us from two thunderstorms above treeline.',
      'The part on sleeping pad R-values finally made it click for me.',
      'We did the Tour du Mont Blanc last September and had perfect weather the whole week.',
      'Gear lists with actual weights are so much more useful than top 10 videos.',
      'The Northwind lifetime repair programme fixed my hip belt buckle for free, great company.',
      'Took my 11 year old on her first overnight backpacking trip after watching your beginner videos.',
      'A pack liner inside the Ridgeline 45 kept everything dry through three days of rain in the Cascades.',
    ],
    questions: [
      { q: "What's your base weight for shoulder season?", a: 'Mine goes up about 2 lb in shoulder season, mostly warmer layers and a warmer quilt.' },
      { q: 'Do you use a rain cover or just a pack liner?', a: '+1 on the pack liner, rain covers never kept my stuff dry.' },
      { q: 'How do you keep your phone charged on longer sections?', a: 'A 10,000 mAh power bank lasts me a week in airplane mode.' },
      { q: 'Would you recommend the Ridgeline 45 for a first thru-hike?', a: 'The Ridgeline 45 is great if your base weight is under about 14 lb. Get it fitted though.' },
      { q: 'Any advice for hiking solo as a woman?', a: 'Tell someone your plan, carry a satellite messenger and trust your gut at camp.' },
      { q: 'Do you carry a satellite messenger?', a: 'Not the creator, but yes! A satellite messenger is non-negotiable when I hike solo.' },
      { q: 'Quilt or sleeping bag for someone who sleeps cold?', a: 'Quilt with a draft collar and a down hood, or a bag if you toss and turn a lot.' },
      { q: 'How many litres of water do you carry between sources?', a: 'Usually 2 litres for me, 4 in the desert sections.' },
      { q: 'Trail runners or boots for rocky terrain?', a: 'Trail runners for me, they dry so much faster after river crossings.' },
    ],
    agree: [
      'Same here, the difference is huge.',
      'Totally agree. Took me three trips to figure that out.',
      'This! Wish someone had told me before my first trip.',
    ],
  },
  trail: {
    bodies: [
      "The Northwind Talus 3 is the first trail shoe that doesn't crush my little toe.",
      'Ran my first 50K in the Talus 3 and had zero blisters.',
      'The Vireo Trail Racer feels fast but the upper wore through at 250 miles for me.',
      'Gut training was the game changer for my last ultra, 80 grams of carbs an hour with no issues.',
      'Hill repeats on the treadmill at 12% got me ready for a mountain race while living in Chicago.',
      'Power hiking the steep climbs is faster than running them for most of us, took me years to accept that.',
      'Strength work twice a week finally stopped my IT band issues.',
      "Soft flasks in the front pockets, gels in the side pockets, jacket in the back. I've copied your setup exactly.",
      'The Northwind Stride 8 vest does not bounce at all, even with two full flasks.',
      'Downhill technique is so underrated, short quick steps saved my quads.',
      'Fell running in the Lake District taught me more about foot placement than ten years of road running.',
      "Aid station broth at 2am is the best thing I've ever tasted.",
      "I train by time on feet instead of miles now and I'm enjoying running so much more.",
      'Running the Grand Canyon rim to rim was the hardest and best day I have had on my feet.',
      'Grip on wet rock is the only thing I care about in a trail shoe now.',
      'Ankle work on a balance board has made a huge difference on technical trails.',
      'Mandatory kit checks are strict at UK races, good that you covered them.',
      'Pacing the first half of a 100 miler slower than feels right is the whole secret.',
      'The Granite Glide 2 is my budget pick too, great shoe for the price.',
      'My club did the Bob Graham Round as a relay last summer, such a great day on the fells.',
      'Salt tabs every hour in the heat, otherwise I cramp at mile 20 every time.',
      'Night running with a good headtorch is so peaceful once you get used to it.',
    ],
    questions: [
      { q: "What's your weekly mileage when you build for a 50K?", a: 'I peaked at about 45 miles a week for my first 50K, with one long run of 20.' },
      { q: 'How many miles do you get out of a pair of Talus 3s?', a: 'I get about 400 miles out of mine before the lugs wear down.' },
      { q: 'Do you rotate shoes or run in one pair at a time?', a: 'Rotating two pairs helped my niggles a lot.' },
      { q: 'Any tips for running downhill without trashing your quads?', a: 'Short quick steps and lots of downhill practice in training. Step-downs help too.' },
      { q: 'Is the Stride 8 vest OK for a smaller torso?', a: "I'm 5 foot 2 and the small Stride 8 fits me really well." },
      { q: 'How do you practise race nutrition on training runs?', a: 'Practise on long runs with the same gels and the same timing as race day.' },
      { q: 'Poles or no poles for a mountain 50K?', a: 'Poles all the way if the race allows them.' },
      { q: 'What headtorch do you use for night sections?', a: 'Anything with 400+ lumens and a spare battery, the spare matters more than the brand.' },
    ],
    agree: [
      'Same! Took me years to learn that.',
      'So true, especially late in a race.',
      'Yes! Learned that one the hard way.',
    ],
  },
  coffee: {
    bodies: [
      'Grinding finer fixed every sour cup I used to blame on the beans.',
      'The Ember & Grind Ridge is the best upgrade I have made, my pour-overs are so much clearer now.',
      'Weighing the coffee and water with a scale changed my mornings more than any new gear.',
      'A 45-second bloom makes such a difference with freshly roasted beans.',
      'Switched to brewing water with mineral packets and light roasts finally taste like the tasting notes.',
      'Washed Ethiopian coffees are my favourite for pour-over, so floral and citrusy.',
      'Cold brew concentrate in the fridge gets me through the summer.',
      'The gooseneck kettle with temperature hold was worth every penny.',
      'My partner thought I was crazy for buying a hand grinder, now they use it every morning.',
      "Dialing in espresso took me two bags of beans but it's so satisfying once it clicks.",
      'Practising latte art with water and a drop of dish soap saved me a lot of milk.',
      'The flat white is still the perfect drink in my opinion.',
      'Descaling every month since I moved to a hard water area, learned that the hard way.',
      'Light roasts at 96°C and dark roasts at 88°C is the simplest rule and it works.',
      'I bring a collapsible dripper on every camping trip now, best camp coffee ever.',
      'Buying beans from a local roaster within two weeks of the roast date made the biggest difference.',
      "The Ridge grinder's click adjustment is so precise, I can switch from pour-over to espresso in seconds.",
      'A 1:16 ratio is my daily driver, 1:15 when the coffee tastes a bit flat.',
      'Kenyan coffees as iced pour-over are unbelievable.',
      'Pre-warming the cup and the portafilter made my espresso noticeably sweeter.',
      'Colombian beans with chocolate notes are perfect for beginners.',
      'Cold milk and a cold jug gave me much better microfoam.',
    ],
    questions: [
      { q: 'What grind setting do you use on the Ridge for a cone dripper?', a: 'I use about 22 clicks on the Ridge for pour-over, but it depends on the beans.' },
      { q: 'Does this work with pre-ground coffee or is a grinder a must?', a: 'It works, but a burr grinder is the single biggest upgrade you can make.' },
      { q: 'How long do you rest beans after the roast date?', a: 'I rest light roasts about 10 days, darker ones are fine after 4 or 5.' },
      { q: 'Paper filters or a metal filter for this?', a: 'Paper filters for clarity, metal if you like more body.' },
      { q: 'What water temperature for a medium roast?', a: 'Around 92°C works well for medium roasts.' },
      { q: 'Any tips for dialing in with a cheap grinder?', a: 'Change one thing at a time and taste, even a cheap grinder gets you close.' },
      { q: 'How do you store beans, fridge or freezer?', a: 'Freezer in small airtight bags works great for me.' },
      { q: "What's the best budget scale with a timer?", a: 'Any scale with 0.1 g resolution and a timer is good enough.' },
    ],
    agree: [
      'Same here, it made such a difference to my morning cup.',
      'Totally agree, small changes make a big difference in the cup.',
      'This is so true for home brewing.',
    ],
  },
  travel: {
    bodies: [
      'We followed your route through Utah last spring and it was the best trip of our lives.',
      'Our 200 W solar panel and a Tidewater lithium battery run the fridge and two laptops all summer.',
      'Boondocking on public land saves us about $900 a month compared to campgrounds.',
      'Night trains are so much better than budget flights, you save a night of accommodation too.',
      'Lisbon is still affordable if you avoid the tourist streets and eat at the little tascas.',
      'The diesel heater was the best thing we ever installed in our van.',
      'Working remotely from the van with satellite internet is finally possible, but the power draw is real.',
      'We rented a campervan from Switchback Vans in Munich and drove through the Dolomites, an amazing two weeks.',
      'One-bag travel with a 30 litre pack is so freeing once you commit to it.',
      'Budget spreadsheets keep us honest, we averaged €48 a day last year.',
      'A small van kitchen with one burner is all you really need.',
      'Dispersed camping etiquette should be shown more, pack out everything.',
      'Grocery stores and picnics in parks are how we eat well in expensive cities.',
      'Slow travel changed everything for us, staying a week in each place costs far less.',
      'The Northwind Transit 30 has survived two years of buses, trains and hostel lockers.',
      'Travel insurance paid for my hospital visit in Thailand, never travelling without it again.',
      'Switchback Vans were great, the van was spotless and the solar kept the fridge cold all trip.',
      'Taking the train across Europe with an Interrail pass was the best summer of my twenties.',
      'Free walking tours are the best first thing to do in any new city.',
      'We use a laundromat once a week and it is a nice reset day on the road.',
    ],
    questions: [
      { q: 'How do you find safe spots to sleep near cities?', a: 'We use a mix of campgrounds and public land and rarely sleep in cities.' },
      { q: "What's your monthly budget including insurance?", a: 'We spend about $2,800 a month for two, insurance included.' },
      { q: 'How big is your water tank and how often do you refill?', a: 'Our tank is 90 litres and it lasts about five days.' },
      { q: 'Did you need an international driving permit?', a: 'It depends on the country and your licence, check before you go. We needed one in Italy.' },
      { q: 'How do you handle laundry on the road?', a: 'Laundromats once a week, and a bucket with a plunger in between.' },
      { q: 'Would you recommend doing this solo?', a: "We've done it solo and as a couple, both are great." },
      { q: 'How far ahead do you book the night trains?', a: 'About two months ahead for sleepers in summer, couchettes sell out later.' },
      { q: 'Is a campervan cheaper than hostels and trains for two people?', a: 'For two people a van usually works out cheaper outside the high season.' },
    ],
    agree: [
      'Same! Best decision we made.',
      'So true, slow travel is the way.',
      'Totally agree, that was our experience too.',
    ],
  },
};

/** Comments a relevance filter should drop: no content, just noise. */
const BOILERPLATE = [
  'First!',
  'nice video',
  'Nice',
  '👍👍👍',
  'Great content, keep it up!',
  "Who's watching in 2026?",
  'Early squad 🙌',
  'Love your videos',
  'Awesome',
  'The algorithm brought me here, not complaining',
];

/** Spam as it really shows up under popular videos; the domains are invented. */
const SPAM: { author: string; text: string }[] = [
  { author: '@SubForSub_99', text: 'Check out my channel!!! 🔥🔥🔥 new videos every day' },
  { author: '@Gift-Drops-Daily', text: 'free gift cards at www.giftcard-drop.example 💰💰 limited time only' },
  { author: '@FastGainsMentor', text: 'I made $4,800 last week trading from home, message me on Telegram @fastgains_mentor 📈' },
  { author: '@SubForSub_99', text: "Sub to me and I'll sub back!! 🙏" },
  { author: '@PromoReachPro', text: 'Get 10,000 followers FAST → https://bit.ly/followers-boost-now' },
  { author: '@PromoReachPro', text: 'DM me for a collab, I promote channels like yours to 2M people 📩' },
  { author: '@WinnerAlerts2026', text: 'Congratulations! You have been selected to win a free phone, claim at prize-claim.example' },
  { author: '@easycash.methods', text: 'Thanks for the video! I earn $300 a day with this simple method, check my profile' },
];

const AUTHORS = [
  '@jen.hikes', '@trailmixtom', '@mountain_mo', '@rosa-walks', '@daveinthehills', '@ksenia_r', '@pnw_paddler',
  '@benjiruns', '@the_lazy_barista', '@morningpourmike', '@latte_lucie', '@vanlife_kira', '@nomadnico',
  '@sarahontheroad', '@oliver.bakes', '@emmalarsen4821', '@tomasz_k', '@hikerhannes', '@wildcampwill', '@annika.outdoors',
  '@rachelm3090', '@gregthegrinder', '@bean_there_brewed', '@priyasharma1128', '@luca.montagna', '@camille_voyage',
  '@ultra_ulla', '@fellrunnerfinn', '@desertdan', '@marisolcooks', '@jp_travels', '@kiwi_kat', '@mikeschmidt2210',
  '@sunrise_sam', '@the.slow.traveller', '@backroadbex', '@noahwanders', '@chloe_c', '@finley.outside', '@hugo_h',
  '@isla_runs', '@jakobtrails', '@kenji.brews', '@leah_longmiles', '@maria-g-travels', '@nate_on_foot', '@olgapetrova553',
  '@pablo.espresso', '@quinnadventures', '@ruthie_r', '@sven_svensson', '@tara.tramps', '@umar_outdoors', '@vera_v',
  '@wes_wanders', '@xander.hikes', '@yasmin_y', '@zoe_z', '@andrew.b.runner', '@beth_brews', '@carlos.caminante',
  '@dana_in_denver', '@eli_on_trail', '@fatima.f', '@georgia_goes', '@harper.h', '@ivan.ivanov801', '@jules_j',
  '@kofi.k', '@lara_longroad', '@matt_mcc', '@nina.nomad', '@owen_o', '@petra.bergsteigt', '@ravi.r', '@sofia_s',
];

// ---------------------------------------------------------------- deterministic helpers


/** FNV-1a, so each video seeds its own generator and editing one video leaves the others alone. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function randomChars(rng: () => number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += ID_CHARS[Math.floor(rng() * 64)];
  return s;
}

function pick<T>(rng: () => number, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

/** Takes an item not used yet (falls back to any item once all are used). */
function pickFresh(rng: () => number, items: readonly string[], used: Set<string>): string {
  const free = items.filter((i) => !used.has(i));
  const choice = pick(rng, free.length ? free : items);
  used.add(choice);
  return choice;
}

/** Data API timestamps carry whole seconds. */
function isoAfter(start: string, ms: number): string {
  return new Date(Date.parse(start) + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** textDisplay is HTML in the Data API; textOriginal is the plain text. */
function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const HOUR = 3_600_000;

// ---------------------------------------------------------------- builders

interface Draft {
  text: string;
  author: string;
  genuine: boolean;
  /** Drawn from the theme pool: a viewer's own experience, so "same here" fits. */
  pooled?: boolean;
  /** Another viewer's answer, when the comment asks a pooled question. */
  answer?: string;
}

function commentResource(id: string, channel: ChannelDef, video: VideoDef, d: Draft, at: string, likes: number, parentId?: string) {
  return {
    kind: 'youtube#comment' as const,
    id,
    snippet: {
      channelId: channel.id,
      videoId: video.id,
      textDisplay: htmlEscape(d.text),
      textOriginal: d.text,
      authorDisplayName: d.author,
      ...(parentId ? { parentId } : {}),
      canRate: true,
      viewerRating: 'none',
      likeCount: likes,
      publishedAt: at,
      updatedAt: at,
    },
  };
}

/** A pooled comment: a remark, a question, or a remark followed by a question. */
function pooledDraft(rng: () => number, pool: ThemePool, usedBodies: Set<string>, usedQuestions: Set<string>, author: string): Draft {
  const roll = rng();
  const opener = rng() < 0.3 ? `${pick(rng, OPENERS)} ` : '';
  if (roll < 0.35) {
    const free = pool.questions.filter((x) => !usedQuestions.has(x.q));
    if (free.length) {
      const { q, a } = pick(rng, free);
      usedQuestions.add(q);
      const text = roll < 0.2 ? `${opener}${q}` : `${opener}${pickFresh(rng, pool.bodies, usedBodies)} ${q}`;
      return { text, author, genuine: true, pooled: true, answer: a };
    }
  }
  return { text: `${opener}${pickFresh(rng, pool.bodies, usedBodies)}`, author, genuine: true, pooled: true };
}

/** Replies that fit the comment: the creator thanks or answers, viewers agree, answer or ask along. */
function replyDrafts(rng: () => number, channel: ChannelDef, pool: ThemePool, d: Draft): Draft[] {
  const creator = `@${channel.handle}`;
  const inThread = new Set([d.author]);
  const viewer = () => pickFresh(rng, AUTHORS, inThread);
  const out: Draft[] = [];
  if (d.text.trimEnd().endsWith('?')) {
    if (rng() < 0.7) out.push({ text: pick(rng, channel.answers), author: creator, genuine: true });
    if (d.answer) out.push({ text: d.answer, author: viewer(), genuine: true });
    else if (out.length === 0 || rng() < 0.3) out.push({ text: pick(rng, FOLLOW), author: viewer(), genuine: true });
    return out;
  }
  if (rng() < 0.5) out.push({ text: pick(rng, channel.thanks), author: creator, genuine: true });
  const agree = d.pooled ? [...AGREE, ...SAME, ...pool.agree] : AGREE;
  const used = new Set<string>();
  const n = 1 + Math.floor(rng() * 2);
  for (let r = 0; r < n; r++) out.push({ text: pickFresh(rng, agree, used), author: viewer(), genuine: true });
  return out;
}

/** 5 to 15 threads per video: the video's own comments, pooled ones, and now and then noise. */
function threadsFor(channel: ChannelDef, video: VideoDef): CommentThreadResource[] {
  const rng = mulberry32(hash32(`comments:${video.id}`));
  const pool = POOLS[channel.theme];
  const target = 5 + Math.floor(rng() * 11);
  const usedAuthors = new Set<string>();
  const author = () => pickFresh(rng, AUTHORS, usedAuthors);

  const drafts: Draft[] = video.comments.slice(0, target).map((text) => ({ text, author: author(), genuine: true }));
  if (rng() < 0.45) drafts.push({ text: pick(rng, BOILERPLATE), author: author(), genuine: false });
  if (rng() < 0.3) {
    const s = pick(rng, SPAM);
    drafts.push({ text: s.text, author: s.author, genuine: false });
  }
  const usedBodies = new Set<string>();
  const usedQuestions = new Set<string>();
  while (drafts.length < target) drafts.push(pooledDraft(rng, pool, usedBodies, usedQuestions, author()));
  // Shuffle so noise is not always at the end (Fisher-Yates on the seeded generator).
  for (let i = drafts.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [drafts[i], drafts[j]] = [drafts[j]!, drafts[i]!];
  }

  const likeScale = Math.max(3, Math.round(video.views / 2500));
  return drafts.map((d) => {
    const id = `Ugx${randomChars(rng, 17)}4AaABAg`;
    // Most comments arrive in the first days; a few trickle in over two months.
    const at = isoAfter(video.at, Math.floor(rng() * rng() * 60 * 24) * HOUR + Math.floor(rng() * HOUR));
    const likes = d.genuine ? Math.floor(rng() ** 3 * likeScale) : Math.floor(rng() * 2);
    const replies: ReturnType<typeof commentResource>[] = [];
    if (d.genuine && rng() < (d.text.endsWith('?') ? 0.6 : 0.3)) {
      let last = at;
      for (const reply of replyDrafts(rng, channel, pool, d)) {
        last = isoAfter(last, (1 + Math.floor(rng() * 48)) * HOUR + Math.floor(rng() * HOUR));
        const replyLikes = reply.author === `@${channel.handle}` ? 2 + Math.floor(rng() * 40) : Math.floor(rng() ** 2 * 12);
        replies.push(commentResource(`${id}.${randomChars(rng, 22)}`, channel, video, reply, last, replyLikes, id));
      }
    }
    return {
      kind: 'youtube#commentThread' as const,
      id,
      snippet: {
        channelId: channel.id,
        videoId: video.id,
        topLevelComment: commentResource(id, channel, video, d, at, likes),
        canReply: true,
        totalReplyCount: replies.length,
        isPublic: true,
      },
      ...(replies.length ? { replies: { comments: replies } } : {}),
    };
  });
}

function thumbnails(path: string) {
  return {
    default: { url: `https://img.adcli-demo.example/${path}/default.jpg`, width: 88, height: 88 },
    medium: { url: `https://img.adcli-demo.example/${path}/medium.jpg`, width: 240, height: 240 },
    high: { url: `https://img.adcli-demo.example/${path}/high.jpg`, width: 800, height: 800 },
  };
}

/** Builds the whole demo content; the same output on every call and every machine. */
export function demoContent(): DemoContent {
  const channels: ChannelResource[] = [];
  const videos: VideoResource[] = [];
  const commentThreads: CommentThreadResource[] = [];
  const themes: Record<DemoTheme, string[]> = { hiking: [], trail: [], coffee: [], travel: [] };

  for (const c of CHANNELS) {
    themes[c.theme].push(c.id);
    const viewTotal = c.videos.reduce((n, v) => n + v.views, 0);
    channels.push({
      kind: 'youtube#channel',
      id: c.id,
      snippet: {
        title: c.title,
        description: c.description,
        customUrl: `@${c.handle}`,
        publishedAt: c.since,
        thumbnails: thumbnails(`channels/${c.handle}`),
        country: c.country,
      },
      statistics: {
        // The catalog holds a channel's recent videos only; the channel has made many more.
        viewCount: String(Math.round((viewTotal * c.videoCount) / c.videos.length / 3)),
        subscriberCount: String(c.subscribers),
        hiddenSubscriberCount: false,
        videoCount: String(c.videoCount),
      },
      brandingSettings: { channel: { title: c.title, description: c.description, keywords: c.keywords, country: c.country } },
    });
    for (const v of c.videos) {
      const threads = threadsFor(c, v);
      const held = threads.reduce((n, t) => n + 1 + (t.replies?.comments.length ?? 0), 0);
      const rates = mulberry32(hash32(`stats:${v.id}`));
      videos.push({
        kind: 'youtube#video',
        id: v.id,
        snippet: {
          publishedAt: v.at,
          channelId: c.id,
          channelTitle: c.title,
          title: v.title,
          description: `${v.description}\n\n${c.footer}`,
          tags: v.tags,
          categoryId: CATEGORY[c.theme],
          defaultAudioLanguage: 'en',
          thumbnails: thumbnails(`videos/${v.id}`),
        },
        statistics: {
          viewCount: String(v.views),
          likeCount: String(Math.round(v.views * (0.025 + rates() * 0.025))),
          favoriteCount: '0',
          // Real videos have more comments than a sample holds; never fewer.
          commentCount: String(Math.max(held, Math.round(v.views * (0.0015 + rates() * 0.002)))),
        },
        contentDetails: { duration: v.duration, definition: 'hd', caption: 'false' },
      });
      commentThreads.push(...threads);
    }
  }
  return { channels, videos, commentThreads, themes };
}
