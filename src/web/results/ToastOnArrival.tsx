import { useEffect } from "react";
import { island } from "../island.tsx";
import { useNavigate } from "../navigation.tsx";
import { useToast, type ToastInput } from "../toast.ts";

/**
 * A toast a server-drawn page shows as it arrives (the spec's "Error" toasts of the results page), and where the
 * browser goes next if anywhere (the home page, with the toast carried there). Draws nothing.
 */
function ToastOnArrival({ toast: input, goTo }: { toast: ToastInput; goTo?: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    toast(input);
    if (goTo) navigate(goTo, { replace: true });
    // Once, as the page arrives.
  }, []);
  return null;
}

export const ToastOnArrivalIsland = island("ToastOnArrivalIsland", ToastOnArrival);
