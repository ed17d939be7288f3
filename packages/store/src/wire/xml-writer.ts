// The one XML writer lives in @stowage/madmin (xml-writer.ts), shared with the console.
export {
  el,
  elAttrs,
  escapeXml,
  renderXml,
  S3_NAMESPACE,
  type XmlChild,
  type XmlElement,
} from '@stowage/madmin';
