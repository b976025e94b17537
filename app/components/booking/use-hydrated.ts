import { useEffect, useState } from "react";

let hydrated = false;

/** False in the server's HTML and the first browser render, true once scripts run (then always). */
export function useHydrated(): boolean {
  const [done, setDone] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setDone(true);
  }, []);
  return done;
}
