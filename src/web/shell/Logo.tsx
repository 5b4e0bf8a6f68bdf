import { BRAND } from "../brand.ts";

export function Logo() {
  return (
    <span className="flex items-center gap-2 font-semibold text-lg">
      <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
      <span>{BRAND.name}</span>
    </span>
  );
}
