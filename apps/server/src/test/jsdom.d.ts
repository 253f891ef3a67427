// The few parts of jsdom (the web app's test DOM) that server tests use to read pages and XML back;
// jsdom ships no types, and the server's TypeScript has no DOM library.
declare module 'jsdom' {
  interface NodeList<T> extends ArrayLike<T>, Iterable<T> {}
  export interface TestElement {
    textContent: string | null;
    localName: string;
    namespaceURI: string | null;
    children: NodeList<TestElement>;
    getAttribute(name: string): string | null;
    querySelector(selectors: string): TestElement | null;
    querySelectorAll(selectors: string): NodeList<TestElement>;
  }
  export interface TestDocument extends TestElement {
    title: string;
    body: TestElement;
    documentElement: TestElement;
  }
  export class JSDOM {
    constructor(text: string, options?: { contentType?: string });
    window: { document: TestDocument };
  }
}
