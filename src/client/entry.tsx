import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "../web/App.tsx";
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from "../web/public-config.ts";

const config = JSON.parse(document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)!.textContent!) as PublicConfig;

hydrateRoot(
  document.getElementById("root")!,
  <BrowserRouter>
    <App config={config} />
  </BrowserRouter>,
);
