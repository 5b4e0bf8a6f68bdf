/**
 * Evaluation profiles for elite (issue 30, items 4 and 8), written for the evaluation: elite on every app, on Hinge
 * (no bio, so its three tones are of the answer set), texts so short that three real versions are hard, and strong
 * texts a version must not spoil. Each runs on every plan like the rest of the corpus (./corpus.fixture.ts).
 */
import type { DatingApp } from "../../shared/profiles/options.ts";
import type { ProfileText } from "../input.ts";

/**
 * An entry as ./corpus.fixture.ts's EvalProfile reads it, spelled out here: that file spreads this list into
 * EVAL_CORPUS, and importing its type back would make an import cycle (src/architecture.test.ts).
 */
interface EliteProfile {
  name: string;
  app: DatingApp;
  kinds: ("weak" | "strong")[];
  profile: Partial<ProfileText>;
  facts?: string[];
  strong?: ("bio" | "prompt1" | "prompt2" | "prompt3")[];
}

export const ELITE_CORPUS: EliteProfile[] = [
  // ---------------------------------------------------------------------------------------------------- Hinge
  {
    name: "elite hinge: beekeeper, three specific answers",
    app: "hinge",
    kinds: ["strong"],
    profile: {
      jobTitle: "Beekeeper",
      education: "Writtle College",
      idealFirstDate: "Honey tasting at the Saturday market, then a walk by the canal.",
      lookingFor: "A long-term relationship",
      interests: "beekeeping, folk music, canoeing",
      prompts: [
        { prompt: "My most unusual skills", response: "I can tell which field a jar of honey came from by taste. I'm right about half the time." },
        { prompt: "Together, we could", response: "Paddle the canal to the lock café and argue about the best scone topping." },
        { prompt: "The key to my heart is", response: "Folk songs with too many verses. Bonus points if you can sing the chorus." },
      ],
    },
    facts: ["jar of honey", "lock café"],
  },
  {
    name: "elite hinge: three one-line answers",
    app: "hinge",
    kinds: ["weak"],
    profile: {
      jobTitle: "Electrician",
      education: "Leeds College of Building",
      idealFirstDate: "Pizza and a film.",
      prompts: [
        { prompt: "My simple pleasures", response: "Tea." },
        { prompt: "Dating me is like", response: "Easy." },
        { prompt: "I'm looking for", response: "Someone nice." },
      ],
    },
  },
  {
    name: "elite hinge: game answer and a goal",
    app: "hinge",
    kinds: ["strong"],
    profile: {
      jobTitle: "Paramedic",
      education: "Oxford Brookes",
      idealFirstDate: "Crazy golf and chips on the seafront.",
      lookingFor: "Something serious",
      interests: "open water swimming, crosswords",
      prompts: [
        { prompt: "Two truths and a lie", response: "I delivered a baby in a car park. I swim in the sea all year. I have never lost at crazy golf." },
        { prompt: "I'm looking for", response: "Someone who wants something serious and still laughs at terrible puns." },
        { prompt: "A life goal of mine", response: "Swim the length of Windermere. I've done half of it so far." },
      ],
    },
    facts: ["delivered a baby in a car park", "Windermere"],
    strong: ["prompt1"],
  },
  {
    name: "elite hinge: teacher, short but specific",
    app: "hinge",
    kinds: ["weak"],
    profile: {
      jobTitle: "Primary school teacher",
      education: "Bath Spa",
      idealFirstDate: "A board game café on a rainy afternoon.",
      prompts: [
        { prompt: "I get along best with people who", response: "Love board games." },
        { prompt: "My simple pleasures", response: "Marking with a good pen. Rainy Sundays." },
        { prompt: "We'll get along if", response: "You let me win at Catan once." },
      ],
    },
    facts: ["Catan"],
  },
  // ---------------------------------------------------------------------------------------------------- Bumble
  {
    name: "elite bumble: potter with a full bio",
    app: "bumble",
    kinds: ["strong"],
    profile: {
      bio: "Potter in Margate, so my hands are usually covered in clay. I run at dawn along the harbour wall. My mugs are lopsided on purpose, mostly. Tell me the best thing you ever made with your hands.",
      jobTitle: "Potter",
      lookingFor: "A relationship",
      interests: "ceramics, running, sea swimming",
      idealFirstDate: "Fish and chips on the harbour wall at sunset.",
      prompts: [{ prompt: "My happy place is", response: "The studio at 7 am with the kiln still warm." }],
    },
    facts: ["Potter in Margate", "harbour wall"],
    strong: ["bio"],
  },
  {
    name: "elite bumble: two short lines",
    app: "bumble",
    kinds: ["weak"],
    profile: {
      bio: "Nurse. Love my dog.",
      prompts: [{ prompt: "My perfect day", response: "Beach and a book." }],
    },
  },
  // ---------------------------------------------------------------------------------------------------- Tinder
  {
    name: "elite tinder: one sentence",
    app: "tinder",
    kinds: ["weak"],
    profile: {
      bio: "Chef who hates cooking at home.",
      interests: "football, markets",
    },
    facts: ["Chef"],
  },
  {
    name: "elite tinder: cartographer, rich and warm",
    app: "tinder",
    kinds: ["strong"],
    profile: {
      bio: "Cartographer by day, so I will absolutely judge your sense of direction. I spend weekends walking old drovers' roads in the Peak District. I keep a paper map of every pub I've loved. What's the best place you ever found by getting lost?",
      jobTitle: "Cartographer",
      interests: "hill walking, maps, real ale",
      lookingFor: "Something long-term",
    },
    facts: ["Cartographer", "drovers' roads"],
    strong: ["bio"],
  },
  // ---------------------------------------------------------------------------------------------------- The League
  {
    name: "elite league: founder, two lines",
    app: "the_league",
    kinds: ["weak"],
    profile: {
      bio: "Founder of a small bike-repair startup. Always outside.",
      industry: "Retail",
      education: "Glasgow",
      lookingFor: "Something serious",
    },
    facts: ["bike-repair startup"],
  },
  {
    name: "elite league: violinist, strong bio",
    app: "the_league",
    kinds: ["strong"],
    profile: {
      bio: "Violinist with a city orchestra, which mostly means I know every late train home. I collect secondhand cookbooks and actually cook from them. Sundays are long runs along the Thames. Tell me the last concert that gave you goosebumps.",
      industry: "Music",
      education: "Royal Northern College of Music",
      lookingFor: "A long-term partner",
      vibes: "classical, cooking, running",
    },
    facts: ["Violinist", "secondhand cookbooks"],
    strong: ["bio"],
  },
  {
    name: "elite league: analyst in a list",
    app: "the_league",
    kinds: ["weak"],
    profile: {
      bio: "Energy analyst\nAmateur baker\nSlow runner",
      industry: "Energy",
      education: "Warwick",
      lookingFor: "A relationship",
    },
    facts: ["Energy analyst"],
  },
];
