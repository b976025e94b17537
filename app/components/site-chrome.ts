// The site's navbar and footer as one module, which app/root.tsx loads on demand: pages with the
// booking chrome (the guest's pages) show neither and download neither.
export { Footer } from "./footer";
export { Navbar } from "./navbar";
