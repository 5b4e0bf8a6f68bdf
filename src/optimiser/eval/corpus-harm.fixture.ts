/**
 * Profiles of the kinds of harm issue 30 found on profiles the evaluation had not seen, written for the evaluation
 * (none is an example of the issue's): profiles in other languages, demands and put-downs in phrasings the analyser's
 * rules were not written from, weak answers, very short and very long texts, a game answer with a line the cleaning
 * would cut, and strong texts that should come back nearly unchanged. Concatenated into EVAL_CORPUS
 * (./corpus.fixture.ts), so every check runs on them on every plan.
 */
import type { DatingApp } from "../../shared/profiles/options.ts";
import type { ProfileText } from "../input.ts";

/**
 * An entry of EVAL_CORPUS (its `EvalProfile`), spelled out here because a type import of ./corpus.fixture.ts would be
 * an import cycle; the spread into EVAL_CORPUS checks that the two agree.
 */
interface HarmProfile {
  name: string;
  app: DatingApp;
  kinds: ("weak" | "strong" | "negative" | "long" | "empty" | "other-language" | "cliché" | "emoji")[];
  profile: Partial<ProfileText>;
  facts?: string[];
  strong?: ("bio" | "prompt1" | "prompt2" | "prompt3")[];
  putDowns?: string[];
}

export const HARM_CORPUS: HarmProfile[] = [
  // ------------------------------------------------------------------------------------------- other languages
  {
    name: "harm: German bio",
    app: "tinder",
    kinds: ["other-language"],
    profile: {
      bio: "Ich bin Krankenpfleger in Leipzig und fahre jedes Wochenende mit dem Rad an die Seen. Sonntags backe ich Zimtschnecken, meistens viel zu viele. Wer kommt mit auf die nächste Tour?",
      interests: "Radfahren, Backen, Brettspiele",
    },
    facts: ["Leipzig", "Zimtschnecken"],
  },
  {
    name: "harm: German answers and a demand in German",
    app: "bumble",
    kinds: ["other-language", "negative"],
    profile: {
      bio: "Grundschullehrerin in Berlin. Ich spiele Cello im Laienorchester und verliere gern beim Doppelkopf. Bitte mindestens 1,85 m, sonst wird das nichts.",
      prompts: [{ prompt: "My perfect day", response: "Ausschlafen, Flohmarkt am Mauerpark und abends Pasta mit Freunden." }],
      jobTitle: "Lehrerin",
    },
    facts: ["Berlin", "Cello"],
  },
  {
    name: "harm: Spanish answers",
    app: "hinge",
    kinds: ["other-language"],
    profile: {
      jobTitle: "Enfermera",
      education: "Universidad de Sevilla",
      idealFirstDate: "Unas tapas en Triana y luego un paseo junto al río.",
      prompts: [
        { prompt: "My simple pleasures", response: "Un café con leche al sol y una siesta sin despertador." },
        { prompt: "Two truths and a lie", response: "He cantado flamenco en un tablao. Tengo cuatro hermanos. Nunca he visto la nieve." },
        { prompt: "I'm looking for", response: "Alguien con paciencia que quiera algo serio." },
      ],
    },
    facts: ["café con leche", "flamenco", "algo serio"],
  },
  {
    name: "harm: Spanish bio with a no-list",
    app: "tinder",
    kinds: ["other-language", "negative"],
    profile: {
      bio: "Diseñadora gráfica en Madrid. Me encanta el cine coreano y el vermut de los domingos. Nada de dramas y no fumadores, por favor.",
      interests: "cine, vermut, diseño",
    },
    facts: ["Madrid", "cine coreano"],
  },
  {
    name: "harm: French bio and answer",
    app: "bumble",
    kinds: ["other-language"],
    profile: {
      bio: "Prof de maths à Nantes. Je cours le long de la Loire le matin et je fais le meilleur gratin dauphinois de la ville. Je cherche quelqu'un pour partager un plateau de fromages.",
      prompts: [{ prompt: "My happy place is", response: "Le marché du samedi, avec un croissant encore chaud." }],
    },
    facts: ["Nantes", "gratin dauphinois"],
  },
  {
    name: "harm: Italian bio",
    app: "the_league",
    kinds: ["other-language"],
    profile: {
      bio: "Architetta a Torino. Disegno case piccole e bevo troppi caffè. Cerco una persona curiosa con cui viaggiare in treno.",
      industry: "Architettura",
      education: "Politecnico di Torino",
      lookingFor: "Una relazione seria",
      vibes: "treni, caffè, disegno",
    },
    facts: ["Torino"],
  },
  {
    name: "harm: Dutch, very short",
    app: "tinder",
    kinds: ["other-language", "weak"],
    profile: { bio: "Fietsen naar het strand, stroopwafels en veel te veel podcasts.", interests: "fietsen, podcasts" },
    facts: ["stroopwafels"],
  },

  // ------------------------------------------------------------------------------------ demands, new phrasings
  {
    name: "harm: height and reply demands",
    app: "tinder",
    kinds: ["negative"],
    profile: {
      bio: "Data engineer in Leeds, I brew my own ginger beer and lose at pub quizzes weekly. Guys under 5'11 need not apply. If your first message is just 'hey', expect silence. Tell me the best gig you've ever been to.",
      interests: "ginger beer, pub quizzes, gigs",
    },
    facts: ["Data engineer", "ginger beer"],
    putDowns: ["Guys under 5'11 need not apply.", "If your first message is just 'hey', expect silence."],
  },
  {
    name: "harm: height and body in the goal",
    app: "bumble",
    kinds: ["negative"],
    profile: {
      bio: "Midwife in Bath, so I've seen it all and I still cry at adverts. Sunday swims in the river, rain or shine. Looking for a man over 183cm who looks after himself.",
      prompts: [
        { prompt: "My non-negotiable", response: "Taller than me in flats, and I'm 5'10." },
        { prompt: "After work, you can find me", response: "Walking the canal towpath with my neighbour's spaniel." },
      ],
    },
    facts: ["Midwife", "Bath", "spaniel"],
    putDowns: ["Looking for a man over 183cm who looks after himself.", "Taller than me in flats, and I'm 5'10."],
  },
  {
    name: "harm: reply threats in the answers",
    app: "hinge",
    kinds: ["negative"],
    profile: {
      jobTitle: "Director Operations",
      education: "University of Exeter",
      idealFirstDate: "Crab sandwiches on the harbour wall, then a swim if we're brave.",
      prompts: [
        { prompt: "I want someone who", response: "Actually asks questions back. One-word replies get unmatched." },
        { prompt: "We'll get along if", response: "You can beat me at chess. I won't answer a message that only says hi." },
        { prompt: "My simple pleasures", response: "Crumpets with far too much butter and the shipping forecast at night." },
      ],
    },
    facts: ["chess", "Crumpets"],
    putDowns: ["One-word replies get unmatched.", "I won't answer a message that only says hi."],
  },
  {
    name: "harm: a no-list",
    app: "the_league",
    kinds: ["negative"],
    profile: {
      bio: "Product designer at a climate startup in Shoreditch. I cycle everywhere and cook a mean dal. No smokers, no gym bros, no guys still living with their mum. Let's argue about typefaces over dinner.",
      industry: "Design",
      education: "Central Saint Martins",
      lookingFor: "Someone 6 foot or taller",
      vibes: "cycling, dal, typography",
    },
    facts: ["Product designer", "Shoreditch"],
    putDowns: ["No smokers, no gym bros, no guys still living with their mum."],
  },
  {
    name: "harm: body demand with its reason",
    app: "tinder",
    kinds: ["negative"],
    profile: {
      bio: "Personal trainer in Croydon. I make the best jerk chicken south of the river. I train every morning and expect the same, so no dad bods please. Ask me for a playlist.",
      interests: "lifting, cooking, reggae",
    },
    facts: ["Personal trainer", "jerk chicken"],
    putDowns: ["I train every morning and expect the same, so no dad bods please."],
  },
  {
    name: "harm: a put-down whose condition has two halves",
    app: "bumble",
    kinds: ["negative"],
    profile: {
      bio: "Civil engineer, I build bridges in the day and wonky birdhouses at night. If you're only after a pen pal or you think a first date is a free meal, keep walking. Ask me about the bridge that nearly fell over.",
      prompts: [{ prompt: "I'm hoping you", response: "Like early starts, because the best coffee van opens at 7." }],
    },
    facts: ["Civil engineer", "birdhouses"],
    putDowns: ["If you're only after a pen pal or you think a first date is a free meal, keep walking."],
  },
  {
    name: "harm: a height question, a no, and a game with a negative line",
    app: "hinge",
    kinds: ["negative", "weak"],
    profile: {
      jobTitle: "Tour guide",
      education: "St Andrews",
      idealFirstDate: "Scones at a bakery I pick, then Arthur's Seat if it isn't raining.",
      prompts: [
        { prompt: "I'm looking for", response: "Someone emotionally available. Shorter than 6'1? Sorry, it's a no from me." },
        { prompt: "Dating me is like", response: "Having a personal guide to every bakery in Edinburgh." },
        { prompt: "Two truths and a lie", response: "I hate coffee. I've run the Edinburgh marathon. I once sang on a cruise ship." },
      ],
    },
    facts: ["emotionally available", "bakery in Edinburgh", "cruise ship"],
    putDowns: ["Shorter than 6'1? Sorry, it's a no from me."],
  },
  {
    name: "harm: demands in a long bio",
    app: "the_league",
    kinds: ["negative", "long"],
    profile: {
      bio:
        "Senior associate at a shipping law firm, which is more pirates than you'd think. I grew up in Aberdeen, moved to London for my training contract and never left, though I go home for every Hogmanay. " +
        "I sail on the Thames most Sundays and I'm slowly restoring a 1970s dinghy in a friend's garage. Must be at least six foot and have a proper job. Smokers and flakes, don't even think about it. " +
        "I'm looking for something serious with someone who likes long walks in bad weather and good whisky after.",
      industry: "Law",
      education: "University of Glasgow",
      lookingFor: "Something serious",
      vibes: "sailing, whisky, Hogmanay",
    },
    // What they do and what they want: the details around them may go to fit the limit.
    facts: ["Senior associate", "something serious"],
    putDowns: ["Must be at least six foot and have a proper job.", "Smokers and flakes, don't even think about it."],
  },

  // ---------------------------------------------------------------------------------------------- weak answers
  {
    name: "harm: weak answers around a job",
    app: "bumble",
    kinds: ["weak"],
    profile: {
      bio: "I work in HR at a hospital. I like going out and staying in.",
      prompts: [
        { prompt: "My perfect day", response: "Chilling." },
        { prompt: "I'm known for", response: "Being nice I guess" },
      ],
    },
    facts: ["HR at a hospital"],
  },
  {
    name: "harm: weak answers, gym and drinks",
    app: "hinge",
    kinds: ["weak"],
    profile: {
      jobTitle: "Accountant",
      education: "Leeds Beckett",
      idealFirstDate: "Drinks.",
      prompts: [
        { prompt: "My simple pleasures", response: "Gym, food, sleep." },
        { prompt: "Together, we could", response: "Go for drinks" },
        { prompt: "I'm looking for", response: "Someone fun to hang out with." },
      ],
    },
    facts: ["fun to hang out with"],
  },
  {
    name: "harm: a cliché joined to a sentence of their own",
    app: "tinder",
    kinds: ["cliché"],
    profile: {
      bio: "I love to travel and I'm just as happy on my sofa with a Le Carré novel. Solicitor in Cardiff by day, pub quiz captain by night.",
      interests: "spy novels, pub quizzes",
    },
    facts: ["Solicitor", "Cardiff", "Le Carré"],
  },

  // ---------------------------------------------------------------------------------------- very short and long
  {
    name: "harm: very short",
    app: "tinder",
    kinds: ["weak", "empty"],
    profile: { bio: "Chef. Leeds. Dogs.", interests: "cooking, dogs" },
    facts: ["Chef", "Leeds"],
  },
  {
    name: "harm: very short League bio",
    app: "the_league",
    kinds: ["weak"],
    profile: { bio: "Surgeon. Runner. Bad at chess.", industry: "Healthcare", lookingFor: "Marriage", vibes: "running, chess" },
    facts: ["Surgeon"],
  },
  {
    name: "harm: very long bio, job and goal last",
    app: "bumble",
    kinds: ["long"],
    profile: {
      bio:
        "I've lived in four cities in six years and Bristol is the one that stuck. I swim in the harbour in summer, bake focaccia badly in winter and have opinions about every bakery on Gloucester Road. " +
        "My friends say I organise too many group holidays, and they're right, but they keep coming. I'm a VP of Engineering at a small travel company. I'm looking for a long-term relationship with someone who laughs easily.",
      prompts: [{ prompt: "My happy place is", response: "The harbour at 7am before anyone else is up :)" }],
    },
    // What they do and what they want: the details before them may go to fit the limit.
    facts: ["VP of Engineering", "long-term relationship"],
  },
  {
    name: "harm: emoticons",
    app: "tinder",
    kinds: ["emoji"],
    profile: {
      bio: "Florist in Norwich :) I grow dahlias on my allotment and talk to them ;) Ask me which flower you'd be :D",
      interests: "dahlias, allotment, gin",
    },
    facts: ["Florist", "Norwich", "dahlias"],
  },

  // ------------------------------------------------------------------------------------- strong, nearly unchanged
  {
    name: "harm: strong bio that asks a question",
    app: "tinder",
    kinds: ["strong"],
    profile: {
      bio: "Bike mechanic in Glasgow. Last month I fixed a tandem for two 80-year-olds who ride it to the chip shop every Friday. Currently teaching myself the fiddle, badly. What's the last thing you fixed yourself?",
      interests: "bikes, fiddle, chips",
    },
    facts: ["Bike mechanic", "Glasgow"],
    strong: ["bio"],
  },
  {
    name: "harm: strong answers with a game",
    app: "hinge",
    kinds: ["strong"],
    profile: {
      jobTitle: "Head of Product",
      education: "University of Bath",
      idealFirstDate: "Dumplings in Chinatown, then the late showing of whatever is weirdest.",
      prompts: [
        { prompt: "Two truths and a lie", response: "I've swum with orcas in Norway. I own 43 houseplants. I've never broken a bone." },
        { prompt: "My most unusual skills", response: "I can fold a fitted sheet perfectly and name any bird by its song." },
        { prompt: "The key to my heart is", response: "Remembering how I take my tea. Milk first, and yes, I know." },
      ],
    },
    facts: ["orcas", "fitted sheet"],
    strong: ["prompt1", "prompt2", "prompt3"],
  },
  {
    name: "harm: strong League bio with a title",
    app: "the_league",
    kinds: ["strong"],
    profile: {
      bio: "VP of Sales at a solar company, which mostly means spreadsheets about sunshine. I play cello in a community orchestra and make a very serious lasagne. Looking for someone kind who wants to build a life, and a vegetable patch.",
      industry: "Energy",
      education: "University of Sheffield",
      lookingFor: "A relationship",
      vibes: "cello, lasagne, gardening",
    },
    facts: ["VP of Sales", "cello"],
    strong: ["bio"],
  },
];
