/**
 * Our taxonomy of content topics and audience segments (affinity and in-market), with the cue words
 * and phrases that signal each node in a corpus. Written by us, loosely modelled on how ad platforms
 * name things; an ad-platform sync maps these paths to its own ids.
 *
 * - Topics are paths: "/Sports/Running & Walking/Trail Running". Parents exist implicitly: evidence
 *   for a child rolls up to "/Sports/Running & Walking" and "/Sports".
 * - Segments are names, with " › " for hierarchy: "Coffee Lovers", "Travel › Flights".
 * - Cues are 1-4 word phrases matched on folded keys (plurals and accents fold, case is ignored).
 *   "cue*0.5" gives a cue a weight; by default a cue weighs 1 and each extra word adds 0.5
 *   (multi-word cues are more specific). A single word weighing 1 or more is a keyword of its
 *   own where a store says it (keywords.ts); a genre's words ("comedy", "news", "célébrité") weigh 0.8:
 *   evidence of the genre, too broad to target alone. A cue must be a valid phrase in its language (see
 *   validPhrase): no stopword at either end and at least one content word; the test checks every
 *   cue. English cues are in DEFS, Spanish, German, French and Portuguese ones in CUES_I18N.
 * - A segment may link topics: evidence for a linked topic (or anything under it) also counts for
 *   the segment, at LINK_FACTOR.
 */
import { CUES_I18N } from './cues-i18n.ts';
import { keyOf, type Lang } from './tokens.ts';

export type NodeKind = 'topic' | 'affinity' | 'in_market';

interface NodeDef {
  kind: NodeKind;
  path: string;
  cues: string;
  links?: string[];
  /** a topic whose own evidence a document needs for this node's cues to count in it */
  context?: string;
}

const t = (path: string, cues: string): NodeDef => ({ kind: 'topic', path, cues });
/**
 * A destination: its cues are places, and a place named is travel only in a document about
 * travel. The news, a match report, a politician's speech name countries and cities all the time
 * ("France", "Paris" made a French political show's first topic "Travel › Destinations › Europe").
 */
const place = (path: string, cues: string): NodeDef => ({
  kind: 'topic',
  path,
  cues,
  context: '/Travel',
});
const aff = (path: string, cues: string, links: string[] = []): NodeDef => ({
  kind: 'affinity',
  path,
  cues,
  links,
});
const mkt = (path: string, cues: string, links: string[] = []): NodeDef => ({
  kind: 'in_market',
  path,
  cues,
  links,
});

// prettier-ignore
const DEFS: NodeDef[] = [
  // ---------------------------------------------------------------- sports
  t('/Sports', 'sport, athlete*0.5, athletic*0.5, training plan*0.5'),
  t('/Sports/Running & Walking', 'running, runner, run*0.5, jogging, jog, race*0.5, racing*0.5, pace*0.5, mileage*0.5, strava, easy run, long run, running coach'),
  t('/Sports/Running & Walking/Trail Running', 'trail running, trail run, trail runner, trail race, trail shoe, ultramarathon, ultra marathon, ultra*0.7, ultrarunner, ultrarunning, ultra running, 50k, 100k, 100 miler, 100 mile, fell running, fell runner, fell race, skyrunning, mountain running, mountain marathon, aid station, vert*0.7, running vest, technical descent'),
  t('/Sports/Running & Walking/Road Running', 'marathon, half marathon, road running, road race, 5k, 10k, parkrun, tempo run, interval training, negative split, personal best, race day*0.5'),
  t('/Sports/Cycling', 'cycling, cyclist, bike, bicycle, bikepacking, ride*0.4, saddle, pedal'),
  t('/Sports/Cycling/Mountain Biking', 'mountain bike, mountain biking, mtb, singletrack, enduro, downhill*0.3, bike park, full suspension'),
  t('/Sports/Cycling/Road & Gravel Cycling', 'road bike, road cycling, gravel bike, gravel riding, peloton, sportive, criterium, group ride, ftp, power meter'),
  t('/Sports/Climbing & Mountaineering', 'climbing, climber, bouldering, crag, belay, harness, via ferrata, mountaineering, alpinism, ice axe, crampons, scrambling, scramble, summit*0.5, helmet*0.3'),
  t('/Sports/Water Sports', 'kayak, kayaking, canoe, canoeing, canoe trip, paddle, paddling, paddleboard, surfing, surfboard, rafting, portage, swimming, open water swimming, wild swimming'),
  t('/Sports/Winter Sports', 'skiing, ski, snowboard, snowboarding, ski touring, backcountry skiing, splitboard, avalanche, snowshoe, snowshoeing, cross country skiing'),
  t('/Sports/Team Sports', 'football, golf, boxing, mma, martial arts, soccer, basketball, baseball, hockey, rugby, cricket, volleyball, league*0.5, futsal, nba, nfl, nhl, mlb, premier league, champions league, touchdown, quarterback, slam dunk, dunk*0.8, alley oop, triple double, double double, box score, boxscore, ball handling, goalkeeper, free kick, penalty kick, home run, hat trick'),
  t('/Sports/Action Sports', 'skateboarding, skateboard, skater, skate park, skatepark, kickflip, ollie, heelflip, halfpipe, half pipe, grind rail, bmx, parkour, longboard, longboarding, scooter tricks'),

  // ---------------------------------------------------------------- hobbies & leisure, outdoors
  t('/Hobbies & Leisure/Outdoors', 'outdoors, outdoor, wilderness, backcountry, nature*0.5, adventure*0.5, national park, public land, trailhead, leave no trace'),
  t('/Hobbies & Leisure/Outdoors/Hiking & Backpacking', 'hiking, hike, hiker, backpacking, backpacker*0.5, thru hike, thru hiker, thru hiking, trek, trekking, trekking pole, day hike, long distance trail, pacific crest trail, pct, appalachian trail, john muir trail, colorado trail, trail*0.4, switchback, elevation gain, resupply, hiking boot'),
  t('/Hobbies & Leisure/Outdoors/Hiking & Backpacking/Ultralight Backpacking', 'ultralight, base weight, gear list, pack weight, trekking pole tent, quilt, frameless pack, lighterpack, ounce*0.5, ultralight gear'),
  t('/Hobbies & Leisure/Outdoors/Hiking & Backpacking/Hut-to-Hut Hiking', 'hut to hut, hut, mountain hut, refuge, rifugio, alps*0.7, alpine*0.5, dolomites*0.7, tour du mont, mont blanc, tmb, via alpina, haute route, hut booking'),
  t('/Hobbies & Leisure/Outdoors/Camping', 'camping, camp, campsite, campground, tent, sleeping bag, sleeping pad, campfire, wild camping, car camping, winter camping, bivy, hammock, camp chair'),
  t('/Hobbies & Leisure/Outdoors/Camping/Camp Cooking', 'camp cooking, camp stove, canister stove, backpacking food, dehydrated meal, freeze dried, cook kit, trail food, calorie dense, camp kitchen, backpacking meal'),
  t('/Hobbies & Leisure/Outdoors/Fishing', 'fishing, angler, angling, fly fishing, trout, lure, bait, fishing rod, catch and release'),
  t('/Hobbies & Leisure/Outdoors/Navigation & Safety', 'navigation, map and compass, compass, topo map, first aid, bear spray, bear canister, weather forecast, avalanche forecast, rescue, satellite messenger, inreach, headlamp'),
  t('/Hobbies & Leisure/Photography', 'photography, photographer, landscape photography, lightroom, shutter speed, aperture, tripod, photo*0.4'),
  t('/Hobbies & Leisure/Arts & Crafts', 'woodworking, knitting, crochet, sewing, embroidery, pottery, craft, handmade, painting*0.5, drawing*0.5, watercolor, sketchbook'),

  // ---------------------------------------------------------------- health & fitness
  t('/Health & Fitness/Fitness', 'fitness, workout, exercise, gym, cardio, hiit, core workout, personal trainer, training*0.4'),
  t('/Health & Fitness/Fitness/Strength Training', 'strength training, strength work, weightlifting, deadlift, squat, barbell, dumbbell, kettlebell, lunge, plank, resistance band, home gym'),
  t('/Health & Fitness/Fitness/Yoga & Pilates', 'yoga, pilates, stretching, mobility, flexibility, foam roller, foam rolling'),
  t('/Health & Fitness/Nutrition', 'nutrition, protein, calorie, macros, diet, electrolyte, hydration, carb, carbohydrate, fueling, fuelling, energy gel, supplement'),
  t('/Health & Fitness/Injury & Physiotherapy', 'injury, physio, physiotherapy, physical therapy, rehab, rehabilitation, sprained ankle, ankle sprain, rolled ankle, knee pain, shin splints, plantar fasciitis, achilles, blister, tendon, injury free'),
  t('/Health & Fitness/Mental Wellbeing', 'mental health, anxiety, meditation, mindfulness, stress, burnout, wellbeing, therapy*0.5'),

  // ---------------------------------------------------------------- food & drink
  t('/Food & Drink', 'food*0.5, foodie, snack*0.5, meal*0.3, flavor*0.5, flavour*0.5, taste*0.3'),
  t('/Food & Drink/Beverages/Coffee & Tea', 'coffee, espresso, latte, cappuccino, flat white, barista, coffee bean, bean*0.5, grinder, burr grinder, roast*0.7, roaster, roasting, brew, brewing, cafe, caffeine, decaf, tea, matcha, green tea, cold brew, coffee gear, specialty coffee'),
  t('/Food & Drink/Beverages/Coffee & Tea/Home Espresso', 'espresso machine, portafilter, tamper, tamping, crema, latte art, milk steaming, steam wand, microfoam, grind size, puck*0.5, single dose, shower screen, descaling, backflush, home espresso, espresso shot, espresso shots'),
  t('/Food & Drink/Beverages/Coffee & Tea/Pour-Over & Filter Coffee', 'pour over, pourover, v60, chemex, kalita, filter coffee, drip coffee, bloom*0.7, brew ratio, aeropress, french press, immersion*0.5, gooseneck kettle, coffee filter'),
  t('/Food & Drink/Beverages/Beer, Wine & Spirits', 'beer, craft beer, brewery, ipa, wine, winery, vineyard, sommelier, whisky, whiskey, gin, cocktail, spirits, mezcal'),
  t('/Food & Drink/Cooking & Recipes', 'recipe, cooking, cook*0.5, dinner, lunch, breakfast, meal prep, ingredient, homemade, one pot, sauce, seasoning, skillet'),
  t('/Food & Drink/Cooking & Recipes/Baking', 'baking, bake, baker, bread, loaf, sourdough, sourdough starter, starter*0.5, levain, autolyse, stretch and fold, proofing, banneton, crumb*0.5, crust*0.5, cake, pastry, dough, flour, cookie, croissant, bread baking'),
  t('/Food & Drink/Cooking & Recipes/Vegetarian & Vegan', 'vegan, vegetarian, plant based, tofu, tempeh, lentil, chickpea, meat free'),
  t('/Food & Drink/Cooking & Recipes/Grilling & BBQ', 'bbq, barbecue, grill, grilling, smoker, brisket, charcoal, pulled pork'),
  t('/Food & Drink/Restaurants & Street Food', 'restaurant, street food, food tour, food market, cheap eats, tapas, taco, ramen, noodle, dumpling, pastel de nata, night market, local food'),

  // ---------------------------------------------------------------- travel
  t('/Travel', 'travel, traveling, travelling, traveler, traveller, trip, vacation, holiday*0.5, itinerary, tourist, tourism, destination, abroad'),
  t('/Travel/Budget Travel', 'budget travel, travel budget, backpacker, hostel, cheap*0.4, couchsurfing, house sitting, house sit, house sitter, free walking tour, cheap flight, shoestring, frugal travel, cheap eats, budget airline, daily budget'),
  t('/Travel/Air Travel', 'flight, airline, airport, layover, cabin bag, hand luggage, lounge, frequent flyer, air miles, jet lag, budget airline, boarding pass, economy class, business class'),
  t('/Travel/Hotels & Accommodations', 'hotel, airbnb, resort, accommodation, guesthouse, guest house, booking*0.5, bed and breakfast, dorm, hostel*0.5'),
  t('/Travel/Rail Travel', 'train, rail, railway, night train, sleeper train, rail pass, interrail, eurail, high speed train, train station'),
  t('/Travel/Road Trips & Van Life', 'van life, vanlife, road trip, campervan, camper van, camper, van*0.5, rv, motorhome, overlanding, boondocking, dispersed camping, blm land, public lands'),
  t('/Travel/Road Trips & Van Life/Van Conversions', 'van build, van conversion, self build, insulation, solar panel, solar*0.7, lithium battery, battery bank, inverter, diesel heater, wiring*0.3, van wiring, wiring diagram, cargo van, high roof, sprinter, water tank, grey water, ventilation, roof fan, condensation, build guide'),
  place('/Travel/Destinations/Europe', 'europe, european, lisbon, portugal, spain, barcelona, madrid, italy, rome, france, paris, germany, berlin, munich, austria, switzerland, swiss, scotland, london, ireland, greece, croatia, prague, budapest, amsterdam, balkans, norway, iceland, lake district, cortina'),
  place('/Travel/Destinations/Asia & Pacific', 'asia, australia, new zealand, sydney, melbourne, queenstown, tasmania, southeast asia, thailand, bangkok, vietnam, hanoi, japan, tokyo, kyoto, bali, indonesia, philippines, malaysia, singapore, korea, seoul, india, nepal, himalaya'),
  place('/Travel/Destinations/North America', 'usa, united states, america, canada, canadian, british columbia, rockies, canadian rockies, california, colorado, arizona, utah, oregon, sierra nevada, yosemite, national parks*0.5, flagstaff, alaska'),
  place('/Travel/Destinations/Latin America', 'mexico, latin america, south america, peru, colombia, chile, argentina, patagonia, brazil, costa rica, guatemala'),
  t('/Travel/Digital Nomads & Remote Work', 'digital nomad, nomad, remote work, work remotely, working remotely, coworking, starlink, remote job, location independent'),
  t('/Travel/Travel Tips & Gear', 'packing list, packing, travel insurance, travel tip, travel hack, packing cube, travel backpack, visa, passport, sim card, esim, currency, cabin luggage'),

  // ---------------------------------------------------------------- computers & electronics
  t('/Computers & Electronics/Consumer Electronics/Smartphones', 'smartphone, phone*0.5, iphone, android, samsung galaxy, mobile phone'),
  t('/Computers & Electronics/Consumer Electronics/Cameras & Drones', 'camera, mirrorless, dslr, gopro, action camera, drone, dji, lens*0.5'),
  t('/Computers & Electronics/Consumer Electronics/Audio & Headphones', 'headphone, earbud, airpods, speaker, bluetooth speaker, noise cancelling, soundbar, microphone'),
  t('/Computers & Electronics/Consumer Electronics/Wearables', 'smartwatch, smart watch, gps watch, garmin, apple watch, fitness tracker, heart rate, heart rate monitor, coros, suunto, oura ring'),
  t('/Computers & Electronics/Computers & Laptops', 'laptop, computer, pc, macbook, desktop, cpu, gpu, graphics card, monitor, mechanical keyboard, ssd'),
  t('/Computers & Electronics/Software & Programming', 'software, app*0.4, programming, coding, developer, javascript, python, typescript, web development, linux, open source, api'),
  t('/Computers & Electronics/Artificial Intelligence', 'artificial intelligence, ai, machine learning, chatgpt, llm, neural network, generative ai'),

  // ---------------------------------------------------------------- games
  // "game" is no cue of video games, nor "jugar", "partida", "jogo": a sport's match, a board game
  // and a TV game show are games as much ("Full Game Highlights", "Game 19", "de jugar en el América")
  t('/Games/Video Games', 'gaming, gamer, video game, gameplay, playthrough, walkthrough, console, playstation, ps5, xbox, nintendo, speedrun, minecraft, fortnite, rpg'),
  t('/Games/Board & Tabletop Games', 'board game, tabletop, dungeons and dragons, d&d, card game, chess, puzzle, warhammer'),

  // ---------------------------------------------------------------- home & garden
  t('/Home & Garden/Gardening', 'garden, gardening, gardener, compost, raised bed, vegetable garden, plant*0.4, soil, pruning, allotment, greenhouse, lawn, seedling, fertilizer'),
  t('/Home & Garden/Gardening/Houseplants', 'houseplant, house plant, indoor plant, plant care, monstera, pothos, philodendron, fiddle leaf fig, snake plant, succulent, cactus, repotting, repot, potting mix, grow light, propagation, propagate, root rot, overwatering, aroid, plant parent'),
  t('/Home & Garden/Home Improvement', 'diy, home improvement, renovation, remodel, drill, power tool, tiling, plumbing, drywall, flooring, home repair'),
  t('/Home & Garden/Interior Design & Decor', 'interior design, decor, home decor, furniture, living room, bedroom, minimalist, cozy, apartment tour, room makeover, shelving'),
  t('/Home & Garden/Kitchen & Dining', 'kitchen, cookware, kitchen knife, cast iron, appliance, blender, kitchen scale, scale*0.3, mug, dishwasher'),

  // ---------------------------------------------------------------- beauty & personal care
  t('/Beauty & Personal Care/Skincare', 'skincare, skin care, moisturizer, moisturiser, serum, sunscreen, spf, acne, retinol, cleanser, toner, dry skin, oily skin'),
  t('/Beauty & Personal Care/Makeup & Cosmetics', 'makeup, foundation*0.5, lipstick, mascara, eyeshadow, concealer, blush, eyeliner, cosmetic'),
  t('/Beauty & Personal Care/Hair Care', 'hair, haircut, hairstyle, curly hair, shampoo, conditioner, hair care, barber, beard'),

  // ---------------------------------------------------------------- apparel
  t('/Apparel/Outdoor Apparel', 'rain jacket, rain gear, waterproof jacket, fleece, merino, merino wool, base layer, puffer jacket, puffy, hardshell, softshell, gore tex, layering, wind shirt, sun hoody, full body cover'),
  t('/Apparel/Footwear', 'shoe, sneaker, boot, hiking boot, trail shoe, running shoe, heel drop, drop*0.3, cushioning, outsole, midsole, toe box, lug*0.5, sock, stack height'),
  t('/Apparel/Fashion & Style', 'fashion, style*0.4, streetwear, thrift, thrifting, wardrobe, capsule wardrobe, designer*0.5'),

  // ---------------------------------------------------------------- finance
  t('/Finance/Investing', 'investing, investment, invest, stock, stock market, etf, index fund, dividend, portfolio, brokerage, retirement account, compound interest'),
  t('/Finance/Personal Finance & Budgeting', 'personal finance, budgeting, saving money, savings, debt, pay off debt, debt payoff, frugal, financial independence, emergency fund, spreadsheet*0.4, student loan, student debt, loan*0.5, repayment, repayment plan, income driven repayment, loan forgiveness, credit score, paycheck, net worth, high yield savings, sinking fund, refinance, interest rate*0.5'),
  t('/Finance/Cryptocurrency', 'crypto, cryptocurrency, bitcoin, ethereum, blockchain, nft, defi, altcoin'),
  t('/Finance/Credit Cards & Banking', 'credit card, bank, banking, cashback, travel rewards, annual fee, debit card, points and miles'),
  t('/Real Estate', 'real estate, mortgage, housing market, rent*0.5, renting, landlord, property, homebuyer'),

  // ---------------------------------------------------------------- autos & vehicles
  t('/Autos & Vehicles', 'car, vehicle, driving, drive*0.3'),
  t('/Autos & Vehicles/Cars & Trucks', 'suv, sedan, pickup truck, truck, 4x4, four wheel drive, awd, horsepower, test drive, car review'),
  t('/Autos & Vehicles/Electric Vehicles', 'electric vehicle, ev, tesla, ev charging, charging station, electric car, hybrid'),
  t('/Autos & Vehicles/Motorcycles', 'motorcycle, motorbike, adventure bike, scooter'),
  t('/Autos & Vehicles/Campervans & Motorhomes', 'campervan, camper van, motorhome, rv, cargo van, sprinter, promaster, high roof, travel trailer, fifth wheel'),

  // ---------------------------------------------------------------- pets & animals
  t('/Pets & Animals/Dogs', 'dog, puppy, dog training, leash, dog friendly, dog food, vet*0.5'),
  t('/Pets & Animals/Cats', 'cat, kitten, kitty, litter box, cat food, catnip, cat tree, scratching post, purr*0.5, meow*0.5'),
  t('/Pets & Animals/Wildlife', 'wildlife, bird, birding, birdwatching, bear, moose, elk, deer, marmot, wildflower'),

  // ---------------------------------------------------------------- family & parenting
  t('/Family & Parenting/Parenting', 'parenting, parent, kid, child, children, mom, dad, teen'),
  t('/Family & Parenting/Babies & Toddlers', 'baby, newborn, toddler, stroller, pregnancy, pregnant, diaper, breastfeeding'),
  t('/Family & Parenting/Family Activities', 'family trip, family hike, family friendly, kid friendly, family vacation'),

  // ---------------------------------------------------------------- music
  t('/Music & Audio', 'music, song, musician, band, concert, gig, live music, cover song, rehearsal, lyrics*0.5, singer'),
  t('/Music & Audio/Musical Instruments', 'guitar, electric guitar, acoustic guitar, guitar pickup, pickup*0.4, humbucker, single coil, fretboard, fret, guitar amp, amplifier, tube amp, guitar pedal, effects pedal, overdrive, fuzz pedal, stratocaster, telecaster, les paul, guitar string, piano, drum, drum kit, bass guitar, ukulele, violin, synth, synthesizer, chord, pedalboard'),
  t('/Music & Audio/Music Production', 'music production, daw, mixing, mastering, ableton, logic pro, fl studio, beatmaking, vst, home studio'),

  // ---------------------------------------------------------------- education
  t('/Education', 'education, teacher, school*0.5, student*0.3, teaching, classroom'),
  t('/Education/Online Courses & Tutorials', 'online course, course, tutorial, lesson, masterclass, beginner*0.3'),
  t('/Education/Language Learning', 'language learning, learn spanish, spanish, french, vocabulary, grammar, fluent, fluency, duolingo'),
  t('/Education/Science', 'science, physics, chemistry, biology, astronomy, experiment, geology'),

  // ---------------------------------------------------------------- arts & entertainment
  t('/Arts & Entertainment/Movies', 'movie, film*0.5, cinema, trailer*0.4, actor, documentary, box office, film review'),
  t('/Arts & Entertainment/TV & Video/TV Shows & Programs', 'tv show, tv series, netflix*0.6, talkshow*0.8, late night show, late night talk show, daytime talk show, talk show host, sitcom*0.8, reality show, reality tv, season finale, episode recap'),
  t('/Arts & Entertainment/Filmmaking & Video Production', 'filmmaking, cinematic, video editing, editing*0.5, color grading, premiere pro, final cut, davinci resolve, vlogging, vlog*0.5, gimbal'),
  t('/Arts & Entertainment/Humor', 'comedy*0.8, comedian*0.8, comedic*0.8, standup*0.8, standup comedy, sketch comedy, sketch*0.7, parody*0.8, prank*0.8, pranks*0.8, satire*0.8, funny*0.3'),
  t('/Arts & Entertainment/Celebrities & Entertainment News', 'celebrity*0.8, celebrities*0.8, hollywood*0.8, red carpet, gossip*0.8, paparazzi*0.8, entertainment news'),
  t('/Arts & Entertainment/Books & Literature', 'book, reading, novel, author*0.5, audiobook, book review, fiction, booktube'),

  // ---------------------------------------------------------------- business & careers
  t('/Business & Industrial/Small Business & Entrepreneurship', 'small business, entrepreneur, startup, side hustle, ecommerce, online store, etsy shop, dropshipping'),
  t('/Business & Industrial/Marketing & Advertising', 'marketing, seo, advertising, social media marketing, influencer, brand deal, email marketing'),

  // ---------------------------------------------------------------- news & politics
  t('/News', 'news*0.8, breaking news, headlines*0.8, news anchor, newsroom*0.8, journalist*0.8, journalism*0.8, press conference, reporter*0.5, editorial*0.5, current affairs'),
  t('/News/Politics', 'politics, politician, election, elections, parliament, congress, senate, senator, prime minister, minister*0.5, government*0.5, democrat, republican, ballot, referendum, opposition*0.5, white house, campaign trail, polls*0.5'),
  t('/News/World News', 'world news, international news, foreign policy, diplomacy, diplomat, united nations, nato, refugees, migrants, sanctions, ceasefire'),

  // ---------------------------------------------------------------- affinity segments
  aff('Outdoor Enthusiasts', 'outdoors, outdoor, wilderness, backcountry, adventure*0.5', ['/Hobbies & Leisure/Outdoors', '/Sports/Climbing & Mountaineering', '/Sports/Running & Walking/Trail Running', '/Sports/Water Sports', '/Sports/Winter Sports']),
  aff('Outdoor Enthusiasts › Nature & Wildlife Watchers', 'birder, birdwatcher, nature lover, wildlife photographer', ['/Pets & Animals/Wildlife']),
  aff('Extreme Sports Enthusiasts', 'extreme sports, adrenaline, action sports', ['/Sports/Action Sports']),
  aff('Outdoor Enthusiasts › Hikers & Backpackers', 'hiker, backpacker', ['/Hobbies & Leisure/Outdoors/Hiking & Backpacking']),
  aff('Running Enthusiasts', 'runner, running community', ['/Sports/Running & Walking']),
  aff('Cycling Enthusiasts', 'cyclist', ['/Sports/Cycling']),
  aff('Health & Fitness Buffs', 'healthy lifestyle, fit*0.5', ['/Health & Fitness', '/Sports']),
  aff('Sports Fans', 'fan*0.5, match day, season ticket', ['/Sports/Team Sports']),
  aff('Coffee Lovers', 'coffee lover, coffee nerd, coffee snob, coffee people', ['/Food & Drink/Beverages/Coffee & Tea']),
  aff('Foodies', 'foodie, food lover, food tour', ['/Food & Drink', '/Food & Drink/Restaurants & Street Food', '/Food & Drink/Beverages/Beer, Wine & Spirits']),
  aff('Cooking Enthusiasts', 'home cook, home cooking', ['/Food & Drink/Cooking & Recipes', '/Hobbies & Leisure/Outdoors/Camping/Camp Cooking']),
  aff('Cooking Enthusiasts › Home Bakers', 'home baker, baker', ['/Food & Drink/Cooking & Recipes/Baking']),
  aff('Green Thumbs', 'gardener, plant lover, plant parent, plant mom, plant dad', ['/Home & Garden/Gardening']),
  aff('Value Shoppers', 'frugal, coupon, deal hunter, saving money, budget*0.3', ['/Finance/Personal Finance & Budgeting']),
  aff('Book Lovers', 'bookworm, book lover, avid reader', ['/Arts & Entertainment/Books & Literature']),
  aff('Comedy Fans', 'comedy fan, comedy lover', ['/Arts & Entertainment/Humor']),
  aff('Movie Lovers', 'film buff, cinephile, movie night', ['/Arts & Entertainment/Movies']),
  aff('TV Lovers', 'binge watch, tv addict', ['/Arts & Entertainment/TV & Video/TV Shows & Programs']),
  aff('Lifelong Learners', 'learner, lifelong learning, self taught', ['/Education']),
  aff('Business Professionals', 'entrepreneur, business owner, founder', ['/Business & Industrial', '/Real Estate']),
  aff('Fashionistas', 'fashion lover, outfit, ootd', ['/Apparel/Fashion & Style', '/Beauty & Personal Care/Makeup & Cosmetics']),
  aff('Green Living Enthusiasts', 'sustainable, sustainability, eco friendly, zero waste, leave no trace, recycling', ['/Food & Drink/Cooking & Recipes/Vegetarian & Vegan']),
  aff('News Junkies', 'news junkie, political junkie, current events', ['/News']),
  aff('News Junkies › Entertainment & Celebrity News Junkies', 'celebrity news, gossip news', ['/Arts & Entertainment/Celebrities & Entertainment News']),
  aff('Travel Buffs', 'traveler, traveller, wanderlust', ['/Travel']),
  aff('Travel Buffs › Budget Travelers', 'budget traveler, budget traveller', ['/Travel/Budget Travel']),
  aff('Travel Buffs › Adventure Travelers', 'adventure travel, expedition, beaten path, trekking*0.5', ['/Hobbies & Leisure/Outdoors/Hiking & Backpacking/Hut-to-Hut Hiking']),
  aff('Travel Buffs › Road Trippers & Van Lifers', 'road tripper, van lifer, vanlifer', ['/Travel/Road Trips & Van Life']),
  aff('Technophiles', 'tech enthusiast, early adopter, gadget', ['/Computers & Electronics']),
  aff('Gamers', 'gamer', ['/Games']),
  aff('Home Decor Enthusiasts', 'home decor, interior', ['/Home & Garden/Interior Design & Decor']),
  aff('DIY Enthusiasts', 'diy, diyer, self build, build*0.3', ['/Home & Garden/Home Improvement', '/Hobbies & Leisure/Arts & Crafts', '/Travel/Road Trips & Van Life/Van Conversions']),
  aff('Beauty Mavens', 'beauty routine', ['/Beauty & Personal Care']),
  aff('Avid Investors', 'investor', ['/Finance/Investing', '/Finance/Cryptocurrency']),
  aff('Auto Enthusiasts', 'car enthusiast, petrolhead, gearhead', ['/Autos & Vehicles']),
  aff('Pet Lovers', 'dog lover, cat lover, pet owner', ['/Pets & Animals/Dogs', '/Pets & Animals/Cats']),
  aff('Family-Focused', 'family time', ['/Family & Parenting']),
  aff('Music Lovers', 'music lover', ['/Music & Audio']),
  aff('Photography Enthusiasts', 'photographer', ['/Hobbies & Leisure/Photography', '/Computers & Electronics/Consumer Electronics/Cameras & Drones', '/Arts & Entertainment/Filmmaking & Video Production']),

  // ---------------------------------------------------------------- in-market segments
  mkt('Hiking Gear', 'backpack, pack*0.4, trekking pole, hiking boot, water filter, headlamp, quilt*0.5, tent*0.5, sleeping bag*0.5, gear list, gear review', ['/Hobbies & Leisure/Outdoors/Hiking & Backpacking']),
  mkt('Camping Gear', 'tent, sleeping pad, sleeping bag, camp stove, cooler, camp chair, lantern, canister stove', ['/Hobbies & Leisure/Outdoors/Camping']),
  mkt('Running Shoes & Gear', 'running shoe, trail shoe, running vest, hydration vest, gps watch, shoe review, shoe rotation', ['/Sports/Running & Walking']),
  mkt('Cycling Equipment', 'bike shop, bike helmet, cycling shoe, bike light', ['/Sports/Cycling']),
  mkt('Fitness Equipment', 'treadmill, dumbbell, kettlebell, home gym, exercise bike, rowing machine', ['/Health & Fitness/Fitness']),
  mkt('Outdoor Apparel', 'rain jacket, fleece, puffer jacket, merino', ['/Apparel/Outdoor Apparel']),
  mkt('Apparel & Accessories › Shoes', 'shoe review, sneaker release, new shoes', ['/Apparel/Footwear']),
  mkt('Coffee & Espresso Equipment', 'espresso machine, grinder, burr grinder, kettle, gooseneck kettle, coffee scale, coffee gear, milk jug', ['/Food & Drink/Beverages/Coffee & Tea/Home Espresso', '/Food & Drink/Beverages/Coffee & Tea/Pour-Over & Filter Coffee']),
  mkt('Coffee Beans & Subscriptions', 'coffee bean, single origin, bean subscription, coffee subscription, roaster, fresh coffee, bag of beans', ['/Food & Drink/Beverages/Coffee & Tea']),
  mkt('Kitchen Appliances', 'appliance, blender, air fryer, stand mixer, cookware', ['/Home & Garden/Kitchen & Dining']),
  mkt('Travel', 'trip planning, vacation, itinerary, travel*0.5', ['/Travel/Budget Travel', '/Travel/Travel Tips & Gear']),
  mkt('Travel › Flights', 'flight, airline, cheap flight, airfare, budget airline', ['/Travel/Air Travel']),
  mkt('Travel › Hotels & Accommodations', 'hotel, hostel, airbnb, accommodation, guesthouse', ['/Travel/Hotels & Accommodations']),
  mkt('Travel › Rail Travel', 'rail pass, interrail, eurail, train ticket, night train', ['/Travel/Rail Travel']),
  mkt('Travel › Travel Insurance', 'travel insurance', []),
  mkt('Motor Vehicles › Campervans & RVs', 'campervan, camper van, cargo van, rv, motorhome, van build', ['/Autos & Vehicles/Campervans & Motorhomes']),
  mkt('Solar Power & Portable Batteries', 'solar panel, lithium battery, power station, inverter, battery bank, solar setup', []),
  mkt('Consumer Electronics › Smartphones', 'smartphone, iphone, android phone', ['/Computers & Electronics/Consumer Electronics/Smartphones']),
  mkt('Consumer Electronics › Cameras & Drones', 'camera, drone, gopro, mirrorless', ['/Computers & Electronics/Consumer Electronics/Cameras & Drones']),
  mkt('Consumer Electronics › Wearables & GPS Watches', 'gps watch, smartwatch, fitness tracker', ['/Computers & Electronics/Consumer Electronics/Wearables']),
  mkt('Computers & Laptops', 'laptop, gaming pc, macbook', ['/Computers & Electronics/Computers & Laptops']),
  mkt('Video Games & Consoles', 'console, ps5, xbox, nintendo switch', ['/Games/Video Games']),
  mkt('Home Improvement & Tools', 'power tool, drill, tool kit, furniture*0.5', ['/Home & Garden/Home Improvement', '/Home & Garden/Interior Design & Decor']),
  mkt('Beauty Products › Skincare', 'moisturizer, serum, sunscreen', ['/Beauty & Personal Care/Skincare']),
  mkt('Financial Services › Investment Services', 'brokerage, index fund, robo advisor', ['/Finance/Investing']),
  mkt('Financial Services › Credit Cards', 'credit card, travel card, cashback card', ['/Finance/Credit Cards & Banking']),
  mkt('Pet Supplies', 'dog food, cat food, dog bed, leash, litter box', ['/Pets & Animals']),
  mkt("Baby & Children's Products", 'stroller, car seat, diaper, baby carrier', ['/Family & Parenting/Babies & Toddlers']),
  mkt('Musical Instruments', 'guitar, piano, keyboard*0.3, drum kit', ['/Music & Audio/Musical Instruments']),
  mkt('Education › Online Courses', 'online course, course*0.5, masterclass', ['/Education/Online Courses & Tutorials', '/Education/Language Learning']),
  mkt('Plants & Gardening Supplies', 'potting mix, grow light, planter, plant pot, fertilizer, seed*0.5, garden tool', ['/Home & Garden/Gardening']),
  mkt('Baking Supplies', 'stand mixer, banneton, dutch oven, bread flour, baking sheet, proofing basket', ['/Food & Drink/Cooking & Recipes/Baking']),
  mkt('Financial Services › Student Loans', 'student loan, refinance, loan forgiveness, repayment plan, income driven repayment'),
  mkt('Financial Services › Banking & Savings', 'high yield savings, savings account, checking account, bank account', ['/Finance/Credit Cards & Banking']),
  mkt('Binoculars & Optics', 'binoculars, spotting scope, field guide', ['/Pets & Animals/Wildlife']),
  mkt('Skateboards & Action Sports Gear', 'skateboard deck, complete skateboard, bmx bike, skate shoe', ['/Sports/Action Sports']),
  mkt('Motor Vehicles', 'car review, test drive, new car, car dealership', ['/Autos & Vehicles']),
  mkt('Real Estate › Residential Properties', 'house hunting, first home buyer, homebuyer, mortgage', ['/Real Estate']),
];

/** Evidence for a linked topic counts this much for the segment. */
export const LINK_FACTOR = 0.8;

export interface TaxonomyNode {
  index: number;
  kind: NodeKind;
  /** topics: "/Sports/Running & Walking"; segments: "Travel › Flights" */
  path: string;
  /** the last part of the path: "Running & Walking", "Flights" */
  name: string;
  /** index of the parent node, -1 for a root */
  parent: number;
  /** 1 for a root */
  depth: number;
  children: number[];
  /** declared in DEFS (false: a parent implied by a path) */
  declared: boolean;
  /** the topic a document needs evidence of for this node's cues to count in it; -1: none */
  context: number;
}

export interface CueHit {
  node: number;
  weight: number;
}

export interface TaxonomyIndex {
  nodes: TaxonomyNode[];
  /** cue key → nodes it signals (English) */
  cues: Map<string, CueHit[]>;
  /** the cues of a text in this language: its own and the English ones, keyed the language's way */
  cuesFor(lang: Lang): Map<string, CueHit[]>;
  /** node → nodes that receive its evidence: itself, its ancestors, linked segments and theirs, with a factor */
  receivers: { node: number; factor: number }[][];
  /** cues that are not valid phrases and so could never match (should be empty; the test checks) */
  invalidCues: string[];
  /** segment links to topic paths that no topic declares (should be empty; the test checks) */
  danglingLinks: string[];
  /** node lookup by lowercase path and by lowercase leaf name (first declared wins) */
  byName: Map<string, number[]>;
}

/** " › " for segments, "/" for topics. */
export function splitPath(kind: NodeKind, path: string): string[] {
  return kind === 'topic' ? path.split('/').filter(Boolean) : path.split(' › ');
}

function joinPath(kind: NodeKind, parts: string[]): string {
  return kind === 'topic' ? '/' + parts.join('/') : parts.join(' › ');
}

let cached: TaxonomyIndex | null = null;

/** Builds (once) the node list and the cue index. Deterministic: follows declaration order. */
export function taxonomyIndex(): TaxonomyIndex {
  if (cached) return cached;
  const nodes: TaxonomyNode[] = [];
  const byPath = new Map<string, number>();
  const ensure = (kind: NodeKind, path: string, declared: boolean): number => {
    const id = `${kind}:${path}`;
    const found = byPath.get(id);
    if (found !== undefined) {
      if (declared) nodes[found]!.declared = true;
      return found;
    }
    const parts = splitPath(kind, path);
    const parent = parts.length > 1 ? ensure(kind, joinPath(kind, parts.slice(0, -1)), false) : -1;
    const node: TaxonomyNode = {
      index: nodes.length,
      kind,
      path,
      name: parts[parts.length - 1]!,
      parent,
      depth: parts.length,
      children: [],
      declared,
      context: -1,
    };
    nodes.push(node);
    byPath.set(id, node.index);
    if (parent >= 0) nodes[parent]!.children.push(node.index);
    return node.index;
  };
  const invalidCues: string[] = [];
  const links = new Map<number, number[]>(); // topic node → segments linking it
  const danglingLinks: string[] = [];
  /** every cue as written: node, text, language, explicit weight (NaN: by its length) */
  const written: { node: number; text: string; lang: Lang; weight: number }[] = [];
  const parseCues = (node: number, path: string, list: string, lang: Lang) => {
    for (const raw of list.split(',')) {
      const cue = raw.trim();
      if (!cue) continue;
      const star = cue.lastIndexOf('*');
      const text = star >= 0 ? cue.slice(0, star).trim() : cue;
      if (keyOf(text, lang) === null) {
        invalidCues.push(`${lang} ${path}: ${text}`);
        continue;
      }
      written.push({ node, text, lang, weight: star >= 0 ? Number(cue.slice(star + 1)) : NaN });
    }
  };
  for (const def of DEFS) {
    const idx = ensure(def.kind, def.path, true);
    if (def.context !== undefined) {
      if (!byPath.has(`topic:${def.context}`)) danglingLinks.push(`${def.path} → ${def.context}`);
      nodes[idx]!.context = ensure('topic', def.context, false);
    }
    parseCues(idx, def.path, def.cues, 'en');
    for (const target of def.links ?? []) {
      if (!byPath.has(`topic:${target}`)) danglingLinks.push(`${def.path} → ${target}`);
      const ti = ensure('topic', target, false);
      const list = links.get(ti) ?? [];
      list.push(idx);
      links.set(ti, list);
    }
  }
  for (const [lang, byTopic] of Object.entries(CUES_I18N)) {
    for (const [path, list] of Object.entries(byTopic)) {
      const idx = byPath.get(`topic:${path}`);
      if (idx === undefined || !nodes[idx]!.declared) danglingLinks.push(`${lang} cues → ${path}`);
      else parseCues(idx, path, list, lang);
    }
  }
  const cueMaps = new Map<Lang, Map<string, CueHit[]>>();
  /** English cues (re-keyed the language's way, when still a phrase there) and the language's own */
  const cuesFor = (lang: Lang): Map<string, CueHit[]> => {
    let map = cueMaps.get(lang);
    if (map) return map;
    map = new Map();
    for (const c of written) {
      if (c.lang !== 'en' && c.lang !== lang) continue;
      const key = keyOf(c.text, lang);
      if (key === null) continue;
      const weight = Number.isNaN(c.weight) ? 1 + 0.5 * (key.split(' ').length - 1) : c.weight;
      if (!(weight > 0)) continue; // "*0" documents a cue we deliberately do not count
      const list = map.get(key) ?? [];
      const same = list.find((h) => h.node === c.node);
      if (same) same.weight = Math.max(same.weight, weight);
      else list.push({ node: c.node, weight });
      map.set(key, list);
    }
    cueMaps.set(lang, map);
    return map;
  };
  const ancestors = (i: number): number[] => {
    const out: number[] = [];
    for (let p = i; p >= 0; p = nodes[p]!.parent) out.push(p);
    return out;
  };
  const receivers = nodes.map((n) => {
    const got = new Map<number, number>();
    const add = (i: number, f: number) => got.set(i, Math.max(got.get(i) ?? 0, f));
    for (const a of ancestors(n.index)) {
      add(a, 1);
      for (const s of links.get(a) ?? []) for (const sa of ancestors(s)) add(sa, LINK_FACTOR);
    }
    return [...got.entries()]
      .sort((x, y) => x[0] - y[0])
      .map(([node, factor]) => ({ node, factor }));
  });
  const byName = new Map<string, number[]>();
  const addName = (k: string, i: number) => {
    const list = byName.get(k) ?? [];
    if (!list.includes(i)) list.push(i);
    byName.set(k, list);
  };
  for (const n of nodes) {
    addName(n.path.toLowerCase(), n.index);
    addName(n.name.toLowerCase(), n.index);
  }
  cached = { nodes, cues: cuesFor('en'), cuesFor, receivers, invalidCues, danglingLinks, byName };
  return cached;
}

/** How many nodes the taxonomy declares, by kind (parents implied by paths not counted). */
export function taxonomySize(): Record<NodeKind, number> {
  const out: Record<NodeKind, number> = { topic: 0, affinity: 0, in_market: 0 };
  for (const n of taxonomyIndex().nodes) if (n.declared) out[n.kind]++;
  return out;
}

/** Human label of a node: "Sports › Running & Walking", "Affinity › Coffee Lovers", "In-market › Travel › Flights". */
export function nodeLabel(n: TaxonomyNode): string {
  if (n.kind === 'topic') return splitPath('topic', n.path).join(' › ');
  return `${n.kind === 'affinity' ? 'Affinity' : 'In-market'} › ${n.path}`;
}
