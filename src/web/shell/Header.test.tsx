import { afterEach, describe, expect, setSystemTime, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { PageUrlContext } from "../navigation.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";

/** The shell's parts as the server draws them at `path`, text only (React's comment markers and tags dropped). */
function drawn(part: React.ReactNode, path = "/") {
  const html = renderToString(<PageUrlContext.Provider value={new URL(path, "http://localhost")}>{part}</PageUrlContext.Provider>);
  return { html, text: html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") };
}

afterEach(() => setSystemTime());

describe("Header", () => {
  test("marketing pages offer Get Started to /upload, in the bar and in the phone menu", () => {
    for (const path of ["/", "/pricing", "/administration-tips"]) {
      expect(drawn(<Header />, path).html.match(/<a[^>]*href="\/upload"[^>]*>Get Started<\/a>/g)).toHaveLength(2);
    }
  });

  test("the admin pages carry no Get Started, and keep the logo and the links", () => {
    for (const path of ["/admin", "/admin/", "/admin/anything"]) {
      const { html, text } = drawn(<Header />, path);
      expect(text).not.toContain("Get Started");
      expect(html).not.toContain('href="/upload"');
      expect(html).toContain('aria-label="ProfileBoost home"');
      expect(text).toContain("Pricing");
    }
  });
});

describe("Footer", () => {
  test("the copyright year is the clock's", () => {
    for (const year of [2027, 2031]) {
      setSystemTime(new Date(year, 5, 15));
      expect(drawn(<Footer />).text).toContain(`© ${year} ProfileBoost. All rights reserved.`);
    }
    setSystemTime();
    expect(drawn(<Footer />).text).toContain(`© ${new Date().getFullYear()} ProfileBoost.`);
  });
});
