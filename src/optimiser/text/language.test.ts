/**
 * The profile's language (issue 30, item 1): short dating-profile lines written for this test, in the languages the
 * analyser names, and English as non-native speakers write it.
 */
import { describe, expect, test } from "bun:test";
import { EMPTY_PROFILE_TEXT } from "../input.ts";
import { detectLanguage, isEnglish, profileLanguage } from "./language.ts";

describe("the language of a short text", () => {
  const cases: [string, string][] = [
    ["Ich repariere Fahrräder in Köln und koche sonntags für die ganze Nachbarschaft.", "de"],
    ["Mein Kater heißt Otto und ist der Chef im Haus.", "de"],
    ["Trabajo de veterinaria en Bilbao y los sábados hago surf.", "es"],
    ["Busco a alguien que no se tome la vida demasiado en serio.", "es"],
    ["Je suis boulangère à Rennes et je me lève à quatre heures.", "fr"],
    ["C'est moi qui fais les crêpes le dimanche.", "fr"],
    ["Sono un fotografo di Bologna e amo la nebbia.", "it"],
    ["Ik werk als kok in Gent en fiets overal naartoe.", "nl"],
    ["Sou enfermeira no Porto e adoro caminhar na praia.", "pt"],
    ["Люблю горы и хороший кофе.", "ru"],
    ["週末は山に登ります。", "ja"],
    ["I am working like nurse since 4 years and I like very much the sea.", "en"],
    ["Carpenter in Leeds. Tell me the best sandwich you've ever had.", "en"],
  ];
  test.each(cases)("“%s” reads as %s", (text, code) => {
    expect(detectLanguage(text)?.code).toBe(code);
  });

  test("a list or a few names says nothing, and counts as English (the service's language)", () => {
    expect(detectLanguage("Chef. Leeds. Dogs.")).toBeNull();
    expect(detectLanguage("")).toBeNull();
    expect(isEnglish("Chef. Leeds. Dogs.")).toBe(true);
  });

  test("a text too short to tell takes the profile's language", () => {
    expect(isEnglish("Radfahren, Backen", { code: "de", name: "German" })).toBe(false);
    expect(isEnglish("Radfahren, Backen")).toBe(true);
  });

  test("the profile's language comes from its sentences first, then its short fields", () => {
    const german = { ...EMPTY_PROFILE_TEXT, bio: "Ich wohne in Kiel und segle, wann immer der Wind es zulässt.", interests: "hiking, jazz" };
    expect(profileLanguage(german).name).toBe("German");
    expect(profileLanguage({ ...EMPTY_PROFILE_TEXT, interests: "Klettern und Radfahren mit meinen Freunden" }).name).toBe("German");
    expect(profileLanguage({ ...EMPTY_PROFILE_TEXT, interests: "jazz" }).code).toBe("en");
  });
});
