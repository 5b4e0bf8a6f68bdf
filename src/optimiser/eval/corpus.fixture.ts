/**
 * The evaluation corpus (issue 19, item 7): profiles written for the evaluation, as real people write them, for every
 * app; each runs on every plan. Each says what the checks must find kept: the customer's facts and goal (`facts`, in
 * their bio or answers, which every plan's bio and answers together must keep), the texts that are strong as written
 * (`strong`, which every plan keeps sentence for sentence), and the put-downs and demands (`putDowns`, which go whole
 * or stay whole, never in part).
 */
import type { DatingApp } from "../../shared/profiles/options.ts";
import type { ProfileText } from "../input.ts";
import { HARM_CORPUS } from "./corpus-harm.fixture.ts";
import { ELITE_CORPUS } from "./corpus-elite.fixture.ts";

export type Kind = "weak" | "strong" | "negative" | "long" | "empty" | "non-native" | "other-language" | "cliché" | "lowercase" | "emoji";

export type TextField = "bio" | "prompt1" | "prompt2" | "prompt3";

export interface EvalProfile {
  name: string;
  app: DatingApp;
  kinds: Kind[];
  profile: Partial<ProfileText>;
  facts?: string[];
  strong?: TextField[];
  putDowns?: string[];
}

export const EVAL_CORPUS: EvalProfile[] = [
  // ---------------------------------------------------------------------------------------------------- Tinder
  {
    name: "tinder: vet nurse, specific and warm",
    app: "tinder",
    kinds: ["strong"],
    profile: {
      bio: "Vet nurse in Bristol, so yes, I will ask to meet your dog before I ask your name. Sundays are for the harbour loop on my bike and a flat white at the end of it. Currently losing a long war with a fiddle-leaf fig. What's the best thing you've cooked this month?",
      interests: "cycling, houseplants, dogs",
    },
    facts: ["Vet nurse", "Bristol"],
    strong: ["bio"],
  },
  {
    name: "tinder: wall of clichés",
    app: "tinder",
    kinds: ["cliché", "weak"],
    profile: {
      bio: "Work hard play hard. I love to travel and try new food. Netflix and chill kinda guy. Looking for my partner in crime. Mechanic by trade, fixing up a 1989 Vespa in my garage.",
      interests: "motorbikes, travel, food",
    },
    facts: ["Mechanic", "1989 Vespa"],
  },
  {
    name: "tinder: demands after a good start",
    app: "tinder",
    kinds: ["negative"],
    profile: {
      bio: "Physio who spends weekends climbing at the quarry in Portland. Swipe left if your pics are all filters, I'm not interested. Don't message me if you have kids or can't hold a conversation. Cook me your best curry and I'll bring dessert.",
      interests: "climbing, curry, running",
    },
    facts: ["Physio", "climbing"],
    putDowns: ["Swipe left if your pics are all filters, I'm not interested.", "Don't message me if you have kids or can't hold a conversation."],
  },
  {
    name: "tinder: long and rambling",
    app: "tinder",
    kinds: ["long"],
    profile: {
      bio:
        "Okay so writing these is hard but here goes. I'm 31, I work as a data analyst for a company that makes hospital software, which is less boring than it sounds, I promise. " +
        "I grew up in a tiny village outside Galway and moved to Dublin for college and never left, although I go home most months to see my mam and our ancient collie, Bran. " +
        "In my free time I play five-a-side on Tuesdays (badly), I'm trying to read every Booker winner in order (currently stuck on 1987), and I've recently got into making my own pasta, which has gone about as well as you'd expect. " +
        "I love a good pub quiz and I'm weirdly competitive about it. I'm looking for a serious relationship with someone kind who doesn't take themselves too seriously. " +
        "Bonus points if you like dogs, can tolerate my singing in the car, and have strong opinions about which crisps are the best. " +
        "If you've read this far, tell me your go-to karaoke song.",
      interests: "pub quizzes, pasta, five-a-side",
    },
    facts: ["data analyst", "serious relationship"],
  },
  {
    name: "tinder: empty",
    app: "tinder",
    kinds: ["empty"],
    profile: {},
  },
  {
    name: "tinder: low effort",
    app: "tinder",
    kinds: ["weak"],
    profile: { bio: "Just ask lol. I'm chill, easygoing, love to laugh.", interests: "gym, music" },
  },
  {
    name: "tinder: non-native, software engineer in Berlin",
    app: "tinder",
    kinds: ["non-native"],
    profile: {
      bio: "Hello! I am Marco, I come from Napoli but since 3 years I live in Berlin. I work like software engineer in a startup. In my free time I make sports and I cook pasta for my friends. I search a serious relation with a kind woman.",
      interests: "football, cooking, techno",
    },
    facts: ["Napoli", "Berlin", "software engineer", "serious relation|serious relationship"],
  },
  {
    name: "tinder: Spanish bio",
    app: "tinder",
    kinds: ["other-language"],
    profile: {
      bio: "Profe de música en Valencia. Me encanta la playa en invierno, las paellas de los domingos con mi familia y tocar la guitarra hasta tarde. Busco a alguien con quien reír.",
      interests: "música, playa, guitarra",
    },
    facts: ["Valencia"],
  },
  {
    name: "tinder: emoji list",
    app: "tinder",
    kinds: ["emoji"],
    profile: {
      bio: "📍 Leeds\n👩‍⚕️ junior doctor\n🧗‍♀️ bouldering 3x a week\n🍜 ramen snob\n🎧 drum and bass\nLooking for someone to split a pizza and a playlist with",
      interests: "bouldering, ramen, drum and bass",
    },
    facts: ["Leeds", "junior doctor"],
  },
  {
    name: "tinder: lowercase and dry",
    app: "tinder",
    kinds: ["lowercase"],
    profile: {
      bio: "i teach year 5 so i am very good at pretending to be interested in minecraft. allotment on weekends, currently growing too many courgettes. will give you some whether you want them or not",
      interests: "gardening, crosswords, board games",
    },
    facts: ["year 5", "courgettes"],
    strong: ["bio"],
  },
  {
    name: "tinder: the 958-character bio",
    app: "tinder",
    kinds: ["long"],
    profile: {
      bio:
        "Firefighter in Sheffield, which mostly means cooking for eleven people on a night shift and explaining to kids that no, they cannot slide down the pole. " +
        "Off shift I'm usually on the Edge with a rope and a flask of tea, or at the allotment fighting slugs. " +
        "I did the Three Peaks last summer in 22 hours and my knees still have opinions about it. " +
        "I make a genuinely decent lasagne, a terrible risotto, and the best bacon sandwich in South Yorkshire, which I will defend in writing. " +
        "I have two nephews who think I'm the coolest person alive, and I'd like to keep it that way for at least another three years. " +
        "I read mostly crime novels and the occasional history of something nobody asked about, like salt or the London sewers. " +
        "Looking for a serious relationship with someone who laughs easily and doesn't mind that I smell faintly of smoke. " +
        "Tell me the last thing you got unreasonably excited about.",
      interests: "climbing, allotment, crime novels",
    },
    facts: ["Firefighter", "Sheffield", "serious relationship"],
  },

  {
    name: "tinder: list sentence led by a cliché",
    app: "tinder",
    kinds: ["cliché"],
    profile: {
      bio: "Love to laugh, good food and good company, hiking in the Lakes when the weather lets me, and being the worst singer at karaoke. I'm a pharmacist in Kendal.",
      interests: "hiking, karaoke",
    },
    facts: ["pharmacist", "Kendal"],
  },

  // ---------------------------------------------------------------------------------------------------- Bumble
  {
    name: "bumble: strong and short",
    app: "bumble",
    kinds: ["strong"],
    profile: {
      bio: "Architect who draws tiny houses on napkins. I swim in the lido all year, even in January. Ask me about the worst building in Glasgow.",
      prompts: [
        { prompt: "My happy place is", response: "The top deck of the 6 bus with a pasty and a podcast." },
        { prompt: "I'll pick the first date if you", response: "Promise not to judge my mini golf form." },
      ],
    },
    facts: ["Architect", "lido", "Glasgow"],
    strong: ["bio", "prompt1"],
  },
  {
    name: "bumble: negative",
    app: "bumble",
    kinds: ["negative"],
    profile: {
      bio: "Nurse, runner, terrible at karaoke. No hookups, no time wasters, no drama. If you can't text back within a day don't bother matching with me.",
      prompts: [
        { prompt: "My non-negotiable", response: "Don't be rude to waiters. I will notice and I will leave." },
        { prompt: "After work, you can find me", response: "Running along the canal or asleep on the sofa by 9." },
      ],
    },
    facts: ["Nurse", "canal"],
    putDowns: ["If you can't text back within a day don't bother matching with me."],
  },
  {
    name: "bumble: clichés",
    app: "bumble",
    kinds: ["cliché"],
    profile: {
      bio: "Fluent in sarcasm. Wine lover and dog mom. Living my best life. Accountant by day, trying to keep a sourdough starter alive by night.",
      prompts: [{ prompt: "I'm known for", response: "Being the friend who always has snacks and plasters in her bag." }],
    },
    facts: ["Accountant", "sourdough"],
    strong: ["prompt1"],
  },
  {
    name: "bumble: minimum bio",
    app: "bumble",
    kinds: ["empty", "weak"],
    profile: { bio: "Just ask 🙂" },
  },
  {
    name: "bumble: long bio over 300",
    app: "bumble",
    kinds: ["long"],
    profile: {
      bio:
        "Paramedic in Cardiff, six years in. I'm calm in a crisis and useless at choosing from a menu. " +
        "Weekends I'm either surfing at Rest Bay or asleep, sometimes both. I have a rescue greyhound called Pip who thinks she's a lapdog. " +
        "I'm learning Welsh, slowly, mostly so I can understand my nan when she's gossiping. " +
        "Looking for something long term with someone who likes early mornings and bad puns.",
      prompts: [{ prompt: "My perfect day", response: "Surf at sunrise, bacon roll on the beach, nap, then a pub quiz we lose by one point." }],
    },
    facts: ["Paramedic", "Cardiff", "long term"],
  },
  {
    name: "bumble: non-native",
    app: "bumble",
    kinds: ["non-native"],
    profile: {
      bio: "I am Ana from Portugal, I am working in hospital like nurse since 5 years. I like very much the nature and the mountains. Family is for me the most important.",
      prompts: [{ prompt: "What I'm looking for", response: "A man who is honest and want to build a family, not only for fun." }],
    },
    facts: ["Portugal", "nurse", "5 years"],
  },
  {
    name: "bumble: French",
    app: "bumble",
    kinds: ["other-language"],
    profile: {
      bio: "Libraire à Lyon. J'adore les randonnées en montagne, le bon vin et les longues discussions le dimanche.",
      prompts: [{ prompt: "My happy place is", response: "Une terrasse au soleil avec un livre et un café." }],
    },
    facts: ["Lyon"],
  },
  {
    name: "bumble: three prompts, weak answers",
    app: "bumble",
    kinds: ["weak"],
    profile: {
      bio: "Engineer at a wind farm company. I like hiking and cooking and hanging out with friends.",
      prompts: [
        { prompt: "My perfect day", response: "Sleeping in, good food, good company." },
        { prompt: "We'll get along if", response: "You're nice and like to have fun." },
        { prompt: "My best quality is", response: "I'm loyal." },
      ],
    },
    facts: ["wind farm"],
  },
  {
    name: "bumble: emoji and line breaks",
    app: "bumble",
    kinds: ["emoji"],
    profile: {
      bio: "🎻 cellist in an amateur orchestra\n🐈 two cats, Miso and Tofu\n🥾 Peak District most Saturdays\nTea > coffee, fight me",
      prompts: [{ prompt: "I get way too excited about", response: "Autumn leaves and the first mince pie of the year 🥧" }],
    },
    facts: ["cellist", "Miso", "Peak District"],
  },
  {
    name: "bumble: goal stated plainly",
    app: "bumble",
    kinds: ["strong"],
    profile: {
      bio: "Primary school head of science, so I can make a volcano out of almost anything. I want a serious relationship and, one day, kids. I sing in a choir on Thursdays and I'm the one who always brings cake.",
      prompts: [{ prompt: "A relationship should be", response: "Easy to be in, and fun to come home to." }],
    },
    facts: ["head of science", "serious relationship", "choir"],
    strong: ["bio", "prompt1"],
  },

  {
    name: "bumble: lowercase",
    app: "bumble",
    kinds: ["lowercase"],
    profile: {
      bio: "tattoo artist in glasgow. mostly fine line and botanical stuff. i have a very old cat called biscuit and a very new bike i don't know how to fix",
      prompts: [{ prompt: "My most useless skill", response: "i can name every coronation street character since 1998" }],
    },
    facts: ["tattoo artist", "biscuit"],
  },

  // ---------------------------------------------------------------------------------------------------- Hinge
  {
    name: "hinge: strong answers",
    app: "hinge",
    kinds: ["strong"],
    profile: {
      jobTitle: "Sound engineer",
      education: "University of Leeds",
      idealFirstDate: "A gig in a tiny venue, then chips on the walk home.",
      prompts: [
        { prompt: "Two truths and a lie", response: "I've recorded a choir of 200 goats. I once met Bowie in a lift. I can't whistle." },
        { prompt: "My simple pleasures", response: "The click of a good cassette deck and the first coffee on a cold platform." },
        { prompt: "The key to my heart is", response: "Sending me a song you think I haven't heard. You'll be wrong, but I'll love you for trying." },
      ],
    },
    facts: ["choir of 200 goats", "cassette deck"],
    strong: ["prompt1", "prompt2", "prompt3"],
  },
  {
    name: "hinge: weak answers",
    app: "hinge",
    kinds: ["weak"],
    profile: {
      jobTitle: "Project manager",
      education: "Manchester Met",
      idealFirstDate: "Drinks somewhere nice.",
      prompts: [
        { prompt: "My simple pleasures", response: "Food, travel, friends." },
        { prompt: "I'm looking for", response: "Someone genuine." },
        { prompt: "Dating me is like", response: "Fun I guess haha." },
      ],
    },
  },
  {
    name: "hinge: demands in the answers",
    app: "hinge",
    kinds: ["negative"],
    profile: {
      jobTitle: "Solicitor",
      education: "Durham",
      idealFirstDate: "A long walk along the river, then a pint in a pub with a fire.",
      prompts: [
        { prompt: "I want someone who", response: "Isn't glued to their phone. If you only talk about the gym, swipe left." },
        { prompt: "My simple pleasures", response: "Sunday roast at my parents' and a crossword I actually finish." },
        { prompt: "We'll get along if", response: "You like walking, don't mind rain and will split a sticky toffee pudding." },
      ],
    },
    facts: ["Sunday roast", "crossword"],
    putDowns: ["If you only talk about the gym, swipe left."],
  },
  {
    name: "hinge: long answers over 150",
    app: "hinge",
    kinds: ["long"],
    profile: {
      jobTitle: "Marine biologist",
      education: "University of Plymouth",
      idealFirstDate: "Rock pooling at low tide and fish and chips after.",
      prompts: [
        {
          prompt: "A life goal of mine",
          response:
            "To see a blue whale in the wild before I'm forty. I've seen fin whales off Cornwall, a humpback in Iceland and once, very briefly, a minke that I'm still not sure wasn't a rock. The blue whale is the big one, literally.",
        },
        {
          prompt: "I'm looking for",
          response:
            "A serious relationship with someone curious, who asks questions and doesn't mind that I will stop on every beach to look at seaweed. Ideally someone who can cook, because I can't, although I make a very good cup of tea.",
        },
        { prompt: "My most unusual skills", response: "I can identify about forty kinds of seaweed by touch." },
      ],
    },
    facts: ["blue whale", "serious relationship", "seaweed"],
  },
  {
    name: "hinge: non-native",
    app: "hinge",
    kinds: ["non-native"],
    profile: {
      jobTitle: "Dentist",
      education: "University of Warsaw",
      idealFirstDate: "Walk in the park and after we drink coffee.",
      prompts: [
        { prompt: "I'm looking for", response: "I search a serious relation, not one night. I am tired of the games." },
        { prompt: "My simple pleasures", response: "Cooking pierogi like my grandmother and to watch old films." },
        { prompt: "A life goal of mine", response: "To open my own clinic in Krakow and to have a big family." },
      ],
    },
    facts: ["serious relation|serious relationship", "pierogi", "Krakow"],
  },
  {
    name: "hinge: German answers",
    app: "hinge",
    kinds: ["other-language"],
    profile: {
      jobTitle: "Bootsbauerin",
      education: "Berufsschule Hamburg",
      idealFirstDate: "Fischbrötchen am Hafen und dann ein Spaziergang an der Elbe.",
      prompts: [
        { prompt: "My simple pleasures", response: "Frisches Holz riechen und sonntags lange frühstücken." },
        { prompt: "Together, we could", response: "Einen Tisch bauen und dann daran Pizza essen." },
        { prompt: "I'm looking for", response: "Jemanden, der gerne lacht und ehrlich ist." },
      ],
    },
    facts: ["Holz", "Tisch"],
  },
  {
    name: "hinge: clichés",
    app: "hinge",
    kinds: ["cliché"],
    profile: {
      jobTitle: "Sales manager",
      education: "Bristol",
      idealFirstDate: "Cocktails and good conversation.",
      prompts: [
        { prompt: "Green flags I look for", response: "Good vibes only. Someone who loves to travel and is my partner in crime." },
        { prompt: "I get along best with people who", response: "Work hard, play hard and don't take life too seriously." },
        { prompt: "My love language is", response: "Making people breakfast on Saturday mornings, full English with black pudding." },
      ],
    },
    facts: ["black pudding"],
    strong: ["prompt3"],
  },
  {
    name: "hinge: minimal answers",
    app: "hinge",
    kinds: ["empty", "weak"],
    profile: {
      jobTitle: "Student",
      education: "UCL",
      idealFirstDate: "idk anything",
      prompts: [
        { prompt: "Dating me is like", response: "lol" },
        { prompt: "My simple pleasures", response: "sleep" },
        { prompt: "We'll get along if", response: "u like memes" },
      ],
    },
  },
  {
    name: "hinge: emoji answers",
    app: "hinge",
    kinds: ["emoji"],
    profile: {
      jobTitle: "Pastry chef",
      education: "Westminster Kingsway",
      idealFirstDate: "A bakery crawl in Borough, I'll carry the boxes.",
      prompts: [
        { prompt: "My simple pleasures", response: "🥐 a perfect lamination\n☕️ the first espresso\n🌧️ rain on the skylight" },
        { prompt: "The key to my heart is", response: "Eating the croissant I made you without asking for the calories 🙃" },
        { prompt: "A shower thought I recently had", response: "Are scones just biscuits that went to university?" },
      ],
    },
    facts: ["espresso", "croissant", "scones"],
    strong: ["prompt3"],
  },
  {
    name: "hinge: lowercase",
    app: "hinge",
    kinds: ["lowercase"],
    profile: {
      jobTitle: "barista",
      education: "art school dropout",
      idealFirstDate: "record shop then a cheap curry",
      prompts: [
        { prompt: "My most unusual skills", response: "i can tell what milk you want before you order. it's a curse" },
        { prompt: "Together, we could", response: "find the best vinyl bin in the city and argue about it" },
        { prompt: "I want someone who", response: "laughs at their own jokes first" },
      ],
    },
    facts: ["milk", "vinyl"],
  },
  {
    name: "hinge: two truths cut risk",
    app: "hinge",
    kinds: ["strong"],
    profile: {
      jobTitle: "Air traffic controller",
      education: "Loughborough",
      idealFirstDate: "Plane spotting at the end of the runway with a flask of hot chocolate.",
      prompts: [
        { prompt: "Two truths and a lie", response: "I've landed a glider in a field of sheep. I speak Icelandic. I have never eaten a Big Mac." },
        { prompt: "My simple pleasures", response: "A clear sky at 6am and an empty inbox." },
        { prompt: "Dating me is like", response: "Calm, organised and always on time, except for brunch." },
      ],
    },
    facts: ["glider", "Icelandic"],
    strong: ["prompt1"],
  },

  // ---------------------------------------------------------------------------------------------------- The League
  {
    name: "league: strong and specific",
    app: "the_league",
    kinds: ["strong"],
    profile: {
      bio: "Cardiologist at Guy's. I row on the Thames at dawn and restore old Brompton bikes badly. Looking for someone who reads the paper on Sundays and argues about it.",
      industry: "Healthcare",
      education: "Imperial College London",
      lookingFor: "A serious relationship",
      vibes: "dry humour, early mornings, long lunches",
    },
    facts: ["Cardiologist", "Thames", "Brompton"],
    strong: ["bio"],
  },
  {
    name: "league: CV bio",
    app: "the_league",
    kinds: ["weak"],
    profile: {
      bio: "Working in financial services. Product manager in fintech. MBA. Ambitious and driven. Love to travel.",
      industry: "Finance",
      education: "LSE",
      lookingFor: "Something serious",
      vibes: "ambitious, travel, fitness",
    },
    facts: ["Product manager", "fintech"],
  },
  {
    name: "league: negative",
    app: "the_league",
    kinds: ["negative"],
    profile: {
      bio: "Founder of a small coffee roastery in Hackney. I'm not here for pen pals or people who never leave their sofa. Let's meet for a cupping and see if you can taste blueberry in an Ethiopian.",
      industry: "Food and drink",
      education: "University of Edinburgh",
      lookingFor: "A partner",
      vibes: "coffee, cycling, jazz",
    },
    facts: ["coffee roastery", "Hackney"],
    putDowns: ["I'm not here for pen pals or people who never leave their sofa."],
  },
  {
    name: "league: long",
    app: "the_league",
    kinds: ["long"],
    profile: {
      bio:
        "Barrister specialising in planning law, which means I have strong opinions about bus stops. " +
        "I grew up in Leicester, did my pupillage in London and now split my time between chambers and the allotment. " +
        "I'm a keen amateur astronomer, I have a telescope that cost more than my first car, and I'm looking for a serious relationship with someone who will stand in a cold field with me at 2am.",
      industry: "Law",
      education: "University of Nottingham",
      lookingFor: "Long-term",
      vibes: "astronomy, gardening, debating",
    },
    facts: ["Barrister", "telescope", "serious relationship"],
  },
  {
    name: "league: empty",
    app: "the_league",
    kinds: ["empty"],
    profile: {},
  },
  {
    name: "league: fields only",
    app: "the_league",
    kinds: ["empty"],
    profile: { industry: "Architecture", education: "Bartlett", lookingFor: "Something real", vibes: "modernism, ceramics, long walks" },
  },
  {
    name: "league: non-native",
    app: "the_league",
    kinds: ["non-native"],
    profile: {
      bio: "I am lawyer from Madrid, since 2 years in London. I like very much the opera and to play padel. I search a woman intelligent for serious relation.",
      industry: "Law",
      education: "Universidad Complutense",
      lookingFor: "Marriage",
      vibes: "opera, padel, wine",
    },
    facts: ["Madrid", "padel", "serious relation|serious relationship"],
  },
  {
    name: "league: Portuguese",
    app: "the_league",
    kinds: ["other-language"],
    profile: {
      bio: "Médica em Lisboa. Adoro surf, fado e jantares longos com amigos. Procuro alguém com calma e bom humor.",
      industry: "Medicina",
      education: "Universidade de Lisboa",
      lookingFor: "Relação séria",
      vibes: "surf, fado, vinho",
    },
    facts: ["Lisboa"],
  },
  {
    name: "league: clichés",
    app: "the_league",
    kinds: ["cliché"],
    profile: {
      bio: "Work hard, play harder. Foodie. Looking for my partner in crime. Consultant who spends weekends sailing on the Solent.",
      industry: "Consulting",
      education: "Oxford",
      lookingFor: "Relationship",
      vibes: "sailing, wine, skiing",
    },
    facts: ["Consultant", "Solent"],
  },
  {
    name: "league: emoji",
    app: "the_league",
    kinds: ["emoji"],
    profile: {
      bio: "🏛️ museum curator\n🎹 piano, mostly Satie\n🍷 natural wine, unironically\nAsk me about the forged Vermeer.",
      industry: "Arts",
      education: "Courtauld",
      lookingFor: "Something lasting",
      vibes: "art, piano, wine",
    },
    facts: ["museum curator", "Vermeer"],
  },
  {
    name: "league: lowercase",
    app: "the_league",
    kinds: ["lowercase"],
    profile: {
      bio: "structural engineer. i make sure bridges stay up. weekends are for cold swims at the ponds and very long brunches",
      industry: "Engineering",
      education: "Imperial",
      lookingFor: "long term",
      vibes: "swimming, brunch, bridges",
    },
    facts: ["structural engineer", "bridges"],
  },
  ...HARM_CORPUS,
  ...ELITE_CORPUS,
];
