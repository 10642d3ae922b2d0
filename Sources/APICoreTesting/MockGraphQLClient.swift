import APICoreKit
