import VitrineCore
import VitrineSpeech
import VitrineUI

/// Speech (Docs/accessibility.md): a scene that speaks gets the kiosk's speech output, and is
/// told when a headset is plugged in or pulled out of the panel's jack (`HeadsetWatch`). Both
/// outlive a reload; the new scene is told whether a headset is in.
extension Runner {
    /// Gives a shown scene the speech output and the headset's state; starts following the
    /// jack the first time. Nothing when speech is off in the config, or the runner makes no
    /// speech (`speaks` false: tests, `vitrine render`).
    func attachSpeech(to scene: any Scene, settings: SpeechSettings) {
        guard let speaking = scene as? SpeakingScene, settings.enabled, self.speaks else { return }
        if self.speech?.settings != settings {
            self.speech?.stop()
            let speech = LazySpeaker(settings: settings, loop: self.loop, logger: Logger("speech", sink: self.logger.sink))
            speech.onEvent = { [weak self] event in self?.onSpeakerEvent?(event) }
            self.speech = speech
        }
        speaking.speechOutput = self.speech
        if self.followsHeadset, self.headset == nil {
            let headset = HeadsetWatch(loop: self.loop, logger: Logger("speech", sink: self.logger.sink))
            headset.onChange = { [weak self] plugged in (self?.scene as? SpeakingScene)?.headsetChanged(plugged: plugged) }
            self.headset = headset
        }
        if self.headset?.plugged == true { speaking.headsetChanged(plugged: true) }
    }

    /// The speech thread ends and the jack is let go (the runner finishing).
    func finishSpeech() {
        self.speech?.stop()
        self.speech = nil
        self.headset?.stop()
        self.headset = nil
    }
}
