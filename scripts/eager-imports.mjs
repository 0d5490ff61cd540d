export function eagerImports() {
  let n = 0;
  return {
    name: 'agui-eager-imports',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\/(components|src)\/.*\.ts$/.test(id)) return null;
      if (!/\bimport\((['"])\.{1,2}\//.test(code)) return null;
      const heads = [];
      const out = code.replace(/\bimport\((['"])(\.{1,2}\/[^'"]+)\1\)/g, (_, q, path) => {
        const name = `__eager${n++}`;
        heads.push(`import * as ${name} from ${q}${path}${q};`);
        return `Promise.resolve(${name})`;
      });
      return { code: heads.join('\n') + '\n' + out, map: null };
    },
  };
}
