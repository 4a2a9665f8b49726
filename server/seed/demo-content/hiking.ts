// Hiking & backpacking: the demo's channels of this theme, written by hand (server/seed/demo-content.ts builds them).
import type { ChannelDef } from './types.ts';

export const HIKING: ChannelDef[] = [
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
];
