import { createRoot } from "react-dom/client";
import { Toaster } from "../web/shell/Toaster.tsx";

/**
 * Loaded by the shell script only on a page without a toaster when the previous page carried a toast over
 * (src/web/toast.ts): the toaster is drawn at the end of the body and shows it (its mount takes the carried toast).
 */
const container = document.createElement("div");
document.body.append(container);
createRoot(container).render(<Toaster />);
