import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "../web/App.tsx";
import { preloadPage } from "../web/PageOutlet.tsx";
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from "../web/public-config.ts";
import { findPage } from "../web/routes.tsx";

const config = JSON.parse(document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)!.textContent!) as PublicConfig;

// The server rendered this page with its module loaded; load the same chunk before hydrating so nothing suspends.
const page = findPage(location.pathname);
if (page) await preloadPage(page);

hydrateRoot(
  document.getElementById("root")!,
  <BrowserRouter>
    <App config={config} />
  </BrowserRouter>,
);
