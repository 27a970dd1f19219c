import DriverKit

DriverHost.serve([.implementation(ReferenceLogic.self), .implementation(AuthFlowLogic.self)])
