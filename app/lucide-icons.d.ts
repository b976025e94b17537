// lucide's icon modules (one per icon, imported one by one so a page's chunks hold only its own
// icons): each default-exports its drawing. The package's own types cover only its index.
declare module "lucide/dist/esm/icons/*.mjs" {
  const drawing: import("lucide").IconNode;
  export default drawing;
}
